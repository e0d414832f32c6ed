import Foundation

/// Turns state file bytes into a `ShopState`, or says in words why it cannot.
enum StateFileReader {
  /// Why a state file cannot be read; `description` completes "state file PATH ...".
  enum Problem: Error, Equatable, CustomStringConvertible {
    case notJSON
    case newerVersion(Int)
    case wrongShape(String)

    var description: String {
      switch self {
      case .notJSON: return "is not valid JSON"
      case .newerVersion(let version):
        return
          "has version \(version), newer than this shop understands (\(StateFileDocument.currentVersion))"
      case .wrongShape(let detail): return "is not in the shop state format (\(detail))"
      }
    }
  }

  static func read(_ bytes: [UInt8]) -> Result<ShopState, Problem> {
    let data = Data(bytes)
    guard (try? JSONSerialization.jsonObject(with: data)) != nil else { return .failure(.notJSON) }
    let decoder = StateFileDocument.decoder()
    guard let probe = try? decoder.decode(StateFileDocument.VersionProbe.self, from: data) else {
      return .failure(.wrongShape("no integer \"version\""))
    }
    guard probe.version <= StateFileDocument.currentVersion else {
      return .failure(.newerVersion(probe.version))
    }
    guard probe.version >= 1 else { return .failure(.wrongShape("version \(probe.version) is not valid")) }
    let document: StateFileDocument
    do {
      document = try decoder.decode(StateFileDocument.self, from: data)
    } catch {
      return .failure(.wrongShape(describe(error)))
    }
    if let problem = document.contentProblem() { return .failure(.wrongShape(problem)) }
    return .success(ShopState(basket: Basket(lines: document.basket), orders: document.orders))
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
