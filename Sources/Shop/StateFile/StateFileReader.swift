/// Turns a state file into a `ShopState`, or says in words why it cannot.
///
/// The file is read in one pass (`StateFileParser`), by the rules the catalog is read with
/// (`JSONReader`: RFC 8259 exactly; repeated keys refused in the objects the shop reads, since
/// Foundation's `JSONSerialization` keeps the last of two equal keys and `JSONDecoder` the first, so a
/// file with one would mean different things to the two), within the limits on keys, strings, orders
/// and lines; then every line is checked and every paper bag made the shop's own bag. Nothing is kept
/// of what the format does not use, and a file is read in pieces, never whole.
enum StateFileReader {
  /// Why a state file cannot be read; `description` completes "state file PATH ...".
  enum Problem: Error, Equatable, CustomStringConvertible {
    case notJSON
    case newerVersion(Int)
    case wrongShape(String)
    case tooLarge(size: Int, limit: Int)
    /// More orders, lines, keys or characters than the shop reads; which, and where.
    case pastLimit(String)

    var description: String {
      switch self {
      case .notJSON: return "is not valid JSON"
      case .newerVersion(let version):
        return
          "has version \(version), newer than this shop understands (\(StateFileDocument.currentVersion))"
      case .wrongShape(let detail): return "is not in the shop state format (\(detail))"
      case .tooLarge(let size, let limit):
        return "is \(size) bytes, more than the limit of \(limit) (\(ByteCount.text(limit)))"
      case .pastLimit(let detail): return "is past the shop's limits (\(detail))"
      }
    }
  }

  /// The state in `bytes`, or why there is none.
  static func read(_ bytes: [UInt8]) -> Result<ShopState, Problem> {
    bytes.withUnsafeBufferPointer { buffer in read(JSONReader(bytes: buffer)) }
  }

  /// The state in `file`, read in pieces, or why there is none; throws only when the file cannot be
  /// read to its end (a file that grew past its limit while read is `.tooLarge`, not thrown).
  static func read(file: consuming RegularFile) throws(RegularFile.Failure) -> Result<ShopState, Problem> {
    var failure: RegularFile.Failure?
    let result = read(JSONReader(file: file), readFailure: &failure)
    switch failure {
    case .tooLarge(let size, let limit)?: return .failure(.tooLarge(size: size, limit: limit))
    case let failure?: throw failure
    case nil: return result
    }
  }

  private static func read(_ reader: consuming JSONReader<StateJSONProblem>) -> Result<ShopState, Problem> {
    var failure: RegularFile.Failure?
    return read(reader, readFailure: &failure)
  }

  private static func read(
    _ reader: consuming JSONReader<StateJSONProblem>, readFailure: inout RegularFile.Failure?
  ) -> Result<ShopState, Problem> {
    let outcome: StateFileParser.Outcome
    do {
      outcome = try StateFileParser(reader: reader).parse()
    } catch {
      readFailure = error.readFailure
      return .failure(error.problem)
    }
    return outcome.flatMap { read in
      if let problem = read.document.contentProblem(checkingTexts: !read.textsAreSafe) {
        return .failure(.wrongShape(problem))
      }
      return .success(read.document.state)
    }
  }
}
