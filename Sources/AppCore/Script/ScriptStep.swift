/// One checked line of a script: a change to the shop, or a pause on the script's clock.
enum ScriptStep: Equatable, Sendable {
  /// Carry out a command through the app core, as a key would.
  case perform(ShopCommand)
  /// Let `milliseconds` go by on the clock before the next line.
  case wait(milliseconds: Int)
}

/// A step and the script line it came from (1-based).
struct ScriptLine: Equatable, Sendable {
  /// The line number in the script, counting from 1.
  let number: Int
  /// What the line asks for.
  let step: ScriptStep
}

/// A line the parser refused: where, and what is wrong, already safe to print.
struct ScriptProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line number in the script, counting from 1.
  let line: Int
  /// What is wrong with it; control characters from the script are escaped.
  let message: String

  /// `error: line N: <message>`, as printed on standard error.
  var description: String { "error: line \(line): \(message)" }
}

/// The lines the parser refused, in script order: the first ``maximumShown`` of them, and how many
/// there were in all.
struct ScriptProblems: Error, Hashable, Sendable {
  /// How many refused lines are kept for printing; a binary file fed as a script stays readable.
  static let maximumShown = 20

  /// The first refused lines; never empty.
  let problems: [ScriptProblem]
  /// How many lines were refused, including those not kept.
  let total: Int

  /// The lines for standard error: one per kept problem, then one saying how many more there were.
  var messages: [String] {
    let more = total - problems.count
    return problems.map(\.description)
      + (more > 0 ? ["error: \(more) more bad line\(more == 1 ? "" : "s") not shown"] : [])
  }
}
