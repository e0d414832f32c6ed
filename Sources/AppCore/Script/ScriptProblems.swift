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
