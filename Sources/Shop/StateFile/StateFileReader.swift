import Foundation

/// Turns state file bytes into a `ShopState`, or says in words why it cannot.
///
/// The bytes are first checked as strict JSON, by the rules the catalog is read with (`JSONReader`:
/// RFC 8259 exactly, repeated keys refused: Foundation's `JSONSerialization` keeps the last of two
/// equal keys and `JSONDecoder` the first, so a file with one would mean different things to the two),
/// then decoded, then every line is checked and every paper bag made the shop's own bag.
enum StateFileReader {
  /// Why a state file cannot be read; `description` completes "state file PATH ...".
  enum Problem: Error, Equatable, CustomStringConvertible {
    case notJSON
    case newerVersion(Int)
    case wrongShape(String)
    case tooLarge(size: Int)

    var description: String {
      switch self {
      case .notJSON: return "is not valid JSON"
      case .newerVersion(let version):
        return
          "has version \(version), newer than this shop understands (\(StateFileDocument.currentVersion))"
      case .wrongShape(let detail): return "is not in the shop state format (\(detail))"
      case .tooLarge(let size):
        return "is \(size) bytes, more than the limit of \(StateStore.maximumFileSize)"
          + " (\(ByteCount.text(StateStore.maximumFileSize)))"
      }
    }
  }

  static func read(_ bytes: [UInt8]) -> Result<ShopState, Problem> {
    if let problem = bytes.withUnsafeBufferPointer(StateJSONProblem.check) { return .failure(problem) }
    let data = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(bytes.dropFirst(3)) : Data(bytes)
    let decoder = StateFileDocument.decoder()
    // One decode for a file in this shape; only one that is not is decoded again, for its version
    // alone, so that a newer file is reported as newer rather than as the wrong shape.
    let decoded = Result { try decoder.decode(StateFileDocument.self, from: data) }
    let version: Int
    switch decoded {
    case .success(let document): version = document.version
    case .failure:
      guard let probe = try? decoder.decode(StateFileDocument.VersionProbe.self, from: data) else {
        return .failure(.wrongShape("no integer \"version\""))
      }
      version = probe.version
    }
    guard version <= StateFileDocument.currentVersion else { return .failure(.newerVersion(version)) }
    guard version >= 1 else { return .failure(.wrongShape("version \(version) is not valid")) }
    let document: StateFileDocument
    switch decoded {
    case .success(let decodedDocument): document = decodedDocument
    case .failure(let error): return .failure(.wrongShape(describe(error)))
    }
    if let problem = document.contentProblem() { return .failure(.wrongShape(problem)) }
    return .success(document.state)
  }

  private static func describe(_ error: any Error) -> String {
    func pathText(_ path: [any CodingKey]) -> String {
      path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return
        "missing \"\(key.stringValue)\" at \(pathText(context.codingPath).isEmpty ? "top level" : pathText(context.codingPath))"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "wrong type at \(pathText(context.codingPath))"
    default:
      return "unexpected content"
    }
  }
}
