import Shop

/// What is wrong with one line, already safe to print.
struct LineProblem: Error {
  /// The message, with any script text quoted by ``ScriptText/quoted(_:)``.
  let message: String

  /// A problem saying `message`.
  init(_ message: String) { self.message = message }
}
