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

  init(version: Int, basket: [ShoppingItem], orders: [Order]) {
    self.version = version
    self.basket = basket
    self.orders = orders
  }

  init(_ state: ShopState) {
    version = Self.currentVersion
    basket = state.basket.lines
    orders = state.orders
  }

  /// The document as compact JSON: no indentation and no escaped slashes, so that a file read within
  /// the size limit is not written back larger than it was (pretty printing took a 38 MB file to 70 MB).
  func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    return Array(try encoder.encode(self))
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }

  /// The state the document holds, every paper bag made `ShoppingItem.paperBag`: a bag is free and
  /// has the shop's name whatever the file says. Call after `contentProblem()` found none.
  ///
  /// Lines without a bag are the document's own arrays, not copies: a state file at its limits holds
  /// a million lines.
  var state: ShopState {
    func checked(_ lines: [ShoppingItem]) -> [ShoppingItem] {
      guard lines.contains(where: \.isPaperBag) else { return lines }
      return lines.map { $0.isPaperBag ? .paperBag(quantity: $0.quantity) : $0 }
    }
    let orders = orders.map { order in
      order.items.contains(where: \.isPaperBag)
        ? Order(items: checked(order.items), placedAt: order.placedAt) : order
    }
    return ShopState(basket: Basket(lines: checked(basket)), orders: orders)
  }

  /// The first rule the content breaks, or nil; the state is untrusted input that reaches the terminal.
  /// Without `checkingTexts`, ids and names are taken as already found not empty, not too long and
  /// free of anything `UntrustedText` escapes (as reading them found).
  func contentProblem(checkingTexts: Bool = true) -> String? {
    var seen = Set<String>()
    for (index, line) in basket.enumerated() {
      if let problem = Self.problem(with: line, at: "basket[\(index)]", checkingTexts: checkingTexts) {
        return problem
      }
      guard seen.insert(line.id).inserted else {
        return "basket[\(index)] repeats id \(UntrustedText.quoted(line.id))"
      }
    }
    for (orderIndex, order) in orders.enumerated() {
      guard order.placedAt.timeIntervalSince1970.isFinite else {
        return "orders[\(orderIndex)] has no valid date"
      }
      for (index, line) in order.items.enumerated() {
        if let problem = Self.problem(
          with: line, at: "orders[\(orderIndex)].items[\(index)]", checkingTexts: checkingTexts)
        {
          return problem
        }
      }
    }
    return nil
  }

  /// What is wrong with the line at `place`, by the catalog's rules for ids and names.
  private static func problem(
    with line: ShoppingItem, at place: @autoclosure () -> String, checkingTexts: Bool
  )
    -> String?
  {
    for (field, text, limit) in !checkingTexts
      ? []
      : [
        ("id", line.id, Catalog.maximumIDLength), ("name", line.name, Catalog.maximumNameLength),
      ]
    {
      if text.isEmpty { return "\(place()) has an empty \(field)" }
      if let unsafe = UntrustedText.firstUnsafeScalar(in: text) {
        return "\(place()).\(field) contains \(UntrustedText.describeUnsafe(unsafe))"
      }
      let length = text.unicodeScalars.count
      if length > limit { return "\(place()).\(field) is \(length) characters long, more than \(limit)" }
    }
    // A paper bag's own price is never used, so only other items' prices are checked.
    if !line.isPaperBag, !(0...Catalog.maximumPrice).contains(line.price) {
      return "\(place()) has price \(line.price) out of range"
    }
    if !(1...Basket.limit(for: line)).contains(line.quantity) {
      return "\(place()) has quantity \(line.quantity) out of range"
    }
    return nil
  }
}
