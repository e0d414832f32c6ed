/// What the user is about to buy: one line per item id, in the order items were first added.
///
/// A line keeps the name and price it was added with, so it survives the item leaving the catalog.
/// An index from id to line keeps adding, looking up and changing a line O(1) per item; only taking a
/// line out entirely moves the lines after it. The index is derived: equality and the Codable shape
/// (`{"lines": [...]}`) are the lines alone.
public struct Basket: Sendable, Equatable, Codable, CustomReflectable {
  /// Most units of one item a line may hold.
  public static let lineLimit = 999
  /// Most paper bags the basket may hold; bags are free and not limited by `lineLimit`.
  public static let paperBagLimit = 1_000_000
  /// Most lines (distinct items, paper bags included) a basket may hold, and so an order: far more
  /// than anyone buys at once, and few enough that the state file stays quick to read. A state file
  /// with more in its basket or an order is moved aside.
  public static let maximumLineCount = 10_000

  /// The lines, each an item with the quantity in the basket; never zero or negative.
  public private(set) var lines: [ShoppingItem]
  /// The position in `lines` of each line, by item id.
  private var positionByID: [String: Int]

  /// An empty basket, or one with the given lines (assumed valid, as from a checked state file).
  ///
  /// The ids must be unique: a state file with a repeated id is refused before it gets here.
  public init(lines: [ShoppingItem] = []) {
    self.lines = lines
    positionByID = Self.positions(of: lines)
    precondition(positionByID.count == lines.count, "a basket's lines must have unique ids")
  }

  /// Whether there is nothing in the basket, bags included.
  public var isEmpty: Bool { lines.isEmpty }

  /// The quantity the badge shows: all units except paper bags.
  public var badgeQuantity: Int { ItemCalculator.totalQuantity(of: lines) }

  /// The price of everything in the basket, in minor units.
  public var subtotal: Int { ItemCalculator.subtotal(of: lines) }

  /// How many units of the item with this id the basket holds.
  public func quantity(ofItemWithID id: String) -> Int {
    line(withID: id)?.quantity ?? 0
  }

  /// The line of the item with this id, if the basket holds it.
  public func line(withID id: String) -> ShoppingItem? {
    positionByID[id].map { lines[$0] }
  }

  /// Gives every line the name and price `catalog` has for it today, keeping its quantity and place,
  /// as a reorder does; a line whose item the catalog no longer has keeps what it had. Returns how
  /// many lines changed.
  ///
  /// A basket loaded from the state file calls this at once, so that checkout never charges a price
  /// the catalog no longer asks.
  @discardableResult
  public mutating func takeNamesAndPrices(from catalog: Catalog) -> Int {
    var changed = 0
    for index in lines.indices {
      let line = lines[index]
      guard let today = catalog.item(withID: line.id), today.name != line.name || today.price != line.price
      else { continue }
      lines[index] = today.withQuantity(line.quantity)
      changed += 1
    }
    return changed
  }

  /// The most units of `item` a line may hold.
  public static func limit(for item: ShoppingItem) -> Int {
    limit(forPaperBag: item.isPaperBag)
  }

  /// The most units a line may hold: of paper bags, or of any other item.
  static func limit(forPaperBag isPaperBag: Bool) -> Int {
    isPaperBag ? paperBagLimit : lineLimit
  }

  /// Adds `item.quantity` units of the item; refuses non-positive quantities, going over the line's
  /// limit, and a new line past `maximumLineCount`.
  ///
  /// An existing line takes the name and price of `item`, the newest known to the caller.
  public mutating func add(_ item: ShoppingItem) throws(BasketError) {
    guard item.quantity > 0 else { throw .nonPositiveQuantity(item.quantity) }
    let limit = Self.limit(for: item)
    guard let index = positionByID[item.id] else {
      guard item.quantity <= limit else {
        throw .lineLimitExceeded(name: item.name, inBasket: 0, adding: item.quantity, limit: limit)
      }
      guard lines.count < Self.maximumLineCount else {
        throw .tooManyLines(name: item.name, limit: Self.maximumLineCount)
      }
      positionByID[item.id] = lines.count
      lines.append(item)
      return
    }
    let inBasket = lines[index].quantity
    guard item.quantity <= limit - inBasket else {
      throw .lineLimitExceeded(name: item.name, inBasket: inBasket, adding: item.quantity, limit: limit)
    }
    lines[index] = item.withQuantity(inBasket + item.quantity)
  }

  /// Adds several items, all or none; an item may come more than once.
  ///
  /// Checks every item against the limits first, then adds: O(1) per item, and no copy of the basket.
  public mutating func add(_ items: [ShoppingItem]) throws(BasketError) {
    if items.count == 1 { return try add(items[0]) }
    var adding: [String: Int] = [:]
    var newLines = 0
    for item in items {
      guard item.quantity > 0 else { throw .nonPositiveQuantity(item.quantity) }
      if adding[item.id] == nil, positionByID[item.id] == nil {
        newLines += 1
        guard lines.count + newLines <= Self.maximumLineCount else {
          throw .tooManyLines(name: item.name, limit: Self.maximumLineCount)
        }
      }
      let alreadyAdding = adding[item.id, default: 0]
      let inBasket = quantity(ofItemWithID: item.id) + alreadyAdding
      let limit = Self.limit(for: item)
      guard item.quantity <= limit - inBasket else {
        throw .lineLimitExceeded(name: item.name, inBasket: inBasket, adding: item.quantity, limit: limit)
      }
      adding[item.id] = alreadyAdding + item.quantity
    }
    for item in items {
      try add(item)  // cannot throw: every item passed the checks above
    }
  }

  /// Removes `quantity` units of the item with this id; the line goes when it reaches zero.
  ///
  /// Returns the removed units as an item. Never goes below zero: removing more than the basket
  /// holds is refused and changes nothing.
  @discardableResult
  public mutating func remove(
    itemWithID id: String, quantity: Int = 1, name: String? = nil
  ) throws(BasketError) -> ShoppingItem {
    guard quantity > 0 else { throw .nonPositiveQuantity(quantity) }
    guard let index = positionByID[id] else {
      throw .notEnoughInBasket(name: name ?? id, inBasket: 0, removing: quantity)
    }
    let line = lines[index]
    guard quantity <= line.quantity else {
      throw .notEnoughInBasket(name: line.name, inBasket: line.quantity, removing: quantity)
    }
    if quantity == line.quantity {
      lines.remove(at: index)
      positionByID[id] = nil
      for position in index..<lines.count {
        positionByID[lines[position].id] = position
      }
    } else {
      lines[index] = line.withQuantity(line.quantity - quantity)
    }
    return line.withQuantity(quantity)
  }

  /// Takes out every line for which `shouldRemove` holds, in one pass, and returns them in order.
  @discardableResult
  public mutating func removeLines(where shouldRemove: (ShoppingItem) -> Bool) -> [ShoppingItem] {
    var kept: [ShoppingItem] = []
    var removed: [ShoppingItem] = []
    for line in lines {
      if shouldRemove(line) {
        removed.append(line)
      } else {
        kept.append(line)
      }
    }
    guard !removed.isEmpty else { return [] }
    lines = kept
    positionByID = Self.positions(of: kept)
    return removed
  }

  /// Empties the basket.
  public mutating func removeAll() {
    lines.removeAll()
    positionByID.removeAll()
  }

  /// Whether both baskets hold the same lines in the same order.
  public static func == (lhs: Basket, rhs: Basket) -> Bool {
    lhs.lines == rhs.lines
  }

  private enum CodingKeys: String, CodingKey {
    case lines
  }

  /// Reads `{"lines": [...]}`; refuses a repeated id.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let lines = try container.decode([ShoppingItem].self, forKey: .lines)
    let positions = Self.positions(of: lines)
    guard positions.count == lines.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .lines, in: container, debugDescription: "a basket's lines must have unique ids")
    }
    self.lines = lines
    positionByID = positions
  }

  /// Writes `{"lines": [...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lines, forKey: .lines)
  }

  /// The lines alone, so that equal baskets also print the same (the index's order is arbitrary).
  public var customMirror: Mirror {
    Mirror(self, children: ["lines": lines], displayStyle: .struct)
  }

  /// Each id's first position in `lines`; fewer entries than lines means an id repeats.
  private static func positions(of lines: [ShoppingItem]) -> [String: Int] {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(lines.count)
    for (position, line) in lines.enumerated() where positions[line.id] == nil {
      positions[line.id] = position
    }
    return positions
  }
}
