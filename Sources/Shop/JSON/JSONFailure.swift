/// The errors a `JSONReader` throws, built by the format that reads with it (a catalog, a state file),
/// so that syntax problems come out in that format's own error type.
protocol JSONFailure: Error {
  /// The text is not JSON: a 1-based line and byte column, and what was expected or found.
  static func syntax(_ detail: String, line: Int, column: Int) -> Self
  /// An object repeats a key (after unescaping); where the repeat starts.
  static func duplicateKey(_ key: String, line: Int, column: Int) -> Self
  /// The file could not be read to the end.
  static func unreadable(_ failure: RegularFile.Failure) -> Self
}
