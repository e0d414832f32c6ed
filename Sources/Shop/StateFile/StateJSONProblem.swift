/// What reading a state file as JSON finds wrong with it, in `StateFileReader.Problem`'s terms.
struct StateJSONProblem: JSONFailure {
  let problem: StateFileReader.Problem
  /// Why the file could not be read to its end, if that is what went wrong.
  var readFailure: RegularFile.Failure?

  init(problem: StateFileReader.Problem, readFailure: RegularFile.Failure? = nil) {
    self.problem = problem
    self.readFailure = readFailure
  }

  static func syntax(_ detail: String, line: Int, column: Int) -> StateJSONProblem {
    StateJSONProblem(problem: .notJSON)
  }

  static func duplicateKey(_ key: String, line: Int, column: Int) -> StateJSONProblem {
    StateJSONProblem(
      problem: .wrongShape(
        "the key \(UntrustedText.quoted(key)) appears more than once, again at line \(line), column \(column)"
      ))
  }

  static func unreadable(_ failure: RegularFile.Failure) -> StateJSONProblem {
    StateJSONProblem(problem: .notJSON, readFailure: failure)
  }
}
