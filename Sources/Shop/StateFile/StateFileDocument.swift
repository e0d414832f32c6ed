import Foundation

/// The state file's JSON shape. `version` says which shape; newer versions are not read.
struct StateFileDocument: Codable {
  static let currentVersion = 1

  var version: Int
  var basket: [ShoppingItem]
  var orders: [Order]

  struct VersionProbe: Decodable {
    var version: Int
  }

  init(_ state: ShopState) {
    version = Self.currentVersion
    basket = state.basket.lines
    orders = state.orders
  }

  func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return Array(try encoder.encode(self))
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }

  /// The first rule the content breaks, or nil; the state is untrusted input that reaches the terminal.
  func contentProblem() -> String? {
    var seen = Set<String>()
    for (index, line) in basket.enumerated() {
      if let problem = Self.problem(with: line) { return "basket[\(index)] \(problem)" }
      guard seen.insert(line.id).inserted else {
        return "basket[\(index)] repeats id \(UntrustedText.quoted(line.id))"
      }
    }
    for (orderIndex, order) in orders.enumerated() {
      guard order.placedAt.timeIntervalSince1970.isFinite else {
        return "orders[\(orderIndex)] has no valid date"
      }
      for (index, line) in order.items.enumerated() {
        if let problem = Self.problem(with: line) {
          return "orders[\(orderIndex)].items[\(index)] \(problem)"
        }
      }
    }
    return nil
  }

  private static func problem(with line: ShoppingItem) -> String? {
    if line.id.isEmpty { return "has an empty id" }
    if line.name.isEmpty { return "has an empty name" }
    if UntrustedText.firstUnsafeScalar(in: line.id) != nil
      || UntrustedText.firstUnsafeScalar(in: line.name) != nil
    {
      return "has a control character in its id or name"
    }
    if !(0...Catalog.maximumPrice).contains(line.price) { return "has price \(line.price) out of range" }
    if !(1...Basket.limit(for: line)).contains(line.quantity) {
      return "has quantity \(line.quantity) out of range"
    }
    return nil
  }
}
