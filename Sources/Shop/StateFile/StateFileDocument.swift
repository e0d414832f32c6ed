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
  /// Lines without a bag are the document's own storage, not copies: a state file at its limits holds
  /// a million lines.
  var state: ShopState {
    let basket =
      basket.contains(where: \.isPaperBag)
      ? basket.map { $0.isPaperBag ? .paperBag(quantity: $0.quantity) : $0 } : basket
    let orders = orders.map { order in
      order.items.containsPaperBag
        ? Order(items: order.items.withShopPaperBags(), placedAt: order.placedAt) : order
    }
    return ShopState(basket: Basket(lines: basket), orders: orders)
  }

  /// The first rule the content breaks, or nil; the state is untrusted input that reaches the terminal.
  /// Without `checkingTexts`, ids and names are taken as already found not empty, not too long and
  /// free of anything `UntrustedText` escapes (as reading them found), and an order's lines are
  /// checked without making a string of them.
  func contentProblem(checkingTexts: Bool = true) -> String? {
    var seen = Set<String>()
    for (index, line) in basket.enumerated() {
      if let problem = Self.problem(
        isPaperBag: line.isPaperBag, price: line.price, quantity: line.quantity, at: "basket[\(index)]",
        texts: checkingTexts ? (line.id, line.name) : nil)
      {
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
      let items = order.items
      for index in items.indices {
        let texts = checkingTexts ? items[index] : nil
        if let problem = Self.problem(
          isPaperBag: items.isPaperBag(at: index), price: items.price(at: index),
          quantity: items.quantity(at: index), at: "orders[\(orderIndex)].items[\(index)]",
          texts: texts.map { ($0.id, $0.name) })
        {
          return problem
        }
      }
    }
    return nil
  }

  /// What is wrong with the line at `place`, by the catalog's rules for ids and names (`texts`, when
  /// they are to be checked) and the basket's for prices and quantities.
  private static func problem(
    isPaperBag: Bool, price: Int, quantity: Int, at place: @autoclosure () -> String,
    texts: (id: String, name: String)?
  ) -> String? {
    if let texts {
      for (field, text, limit) in [
        ("id", texts.id, Catalog.maximumIDLength), ("name", texts.name, Catalog.maximumNameLength),
      ] {
        if text.isEmpty { return "\(place()) has an empty \(field)" }
        if let unsafe = UntrustedText.firstUnsafeScalar(in: text) {
          return "\(place()).\(field) contains \(UntrustedText.describeUnsafe(unsafe))"
        }
        let length = text.unicodeScalars.count
        if length > limit { return "\(place()).\(field) is \(length) characters long, more than \(limit)" }
      }
    }
    // A paper bag's own price is never used, so only other items' prices are checked.
    if !isPaperBag, !(0...Catalog.maximumPrice).contains(price) {
      return "\(place()) has price \(price) out of range"
    }
    if !(1...Basket.limit(forPaperBag: isPaperBag)).contains(quantity) {
      return "\(place()) has quantity \(quantity) out of range"
    }
    return nil
  }
}
