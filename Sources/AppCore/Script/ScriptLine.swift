/// A step and the script line it came from (1-based).
struct ScriptLine: Equatable, Sendable {
  /// The line number in the script, counting from 1.
  let number: Int
  /// What the line asks for.
  let step: ScriptStep
}
