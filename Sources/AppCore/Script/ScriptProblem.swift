/// A line the parser refused: where, and what is wrong, already safe to print.
struct ScriptProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line number in the script, counting from 1.
  let line: Int
  /// What is wrong with it; control characters from the script are escaped.
  let message: String

  /// `error: line N: <message>`, as printed on standard error.
  var description: String { "error: line \(line): \(message)" }
}
