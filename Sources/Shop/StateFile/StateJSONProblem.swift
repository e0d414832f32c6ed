/// What the strict JSON check finds wrong with a state file, in `StateFileReader.Problem`'s terms.
struct StateJSONProblem: JSONFailure {
  let problem: StateFileReader.Problem

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
    StateJSONProblem(problem: .notJSON)
  }

  /// The first problem with `bytes` as strict JSON (see `JSONReader`), or nil; any value may be at
  /// the top, as RFC 8259 allows.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> StateFileReader.Problem? {
    var reader = JSONReader<StateJSONProblem>(bytes: bytes)
    do throws(StateJSONProblem) {
      try reader.skipByteOrderMark()
      try reader.skipValue(depth: 0)
      try reader.skipWhitespace()
      guard try reader.isAtEnd() else { return .notJSON }
      return nil
    } catch {
      return error.problem
    }
  }
}
