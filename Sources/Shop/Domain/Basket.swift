/// What the user is about to buy: one line per item id, in the order items were first added.
///
/// A line keeps the name and price it was added with, so it survives the item leaving the catalog.
public struct Basket: Sendable, Equatable, Codable {
  /// Most units of one item a line may hold.
  public static let lineLimit = 999
  /// Most paper bags the basket may hold; bags are free and not limited by `lineLimit`.
  public static let paperBagLimit = 1_000_000

  /// The lines, each an item with the quantity in the basket; never zero or negative.
  public private(set) var lines: [ShoppingItem]

  /// An empty basket, or one with the given lines (assumed valid, as from a checked state file).
  public init(lines: [ShoppingItem] = []) {
    self.lines = lines
  }

  /// Whether there is nothing in the basket, bags included.
  public var isEmpty: Bool { lines.isEmpty }

  /// The quantity the badge shows: all units except paper bags.
  public var badgeQuantity: Int { ItemCalculator.totalQuantity(of: lines) }

  /// The price of everything in the basket, in minor units.
  public var subtotal: Int { ItemCalculator.subtotal(of: lines) }

  /// How many units of the item with this id the basket holds.
  public func quantity(ofItemWithID id: String) -> Int {
    lines.first { $0.id == id }?.quantity ?? 0
  }

  /// The most units of `item` a line may hold.
  public static func limit(for item: ShoppingItem) -> Int {
    item.isPaperBag ? paperBagLimit : lineLimit
  }

  /// Adds `item.quantity` units of the item; refuses non-positive quantities and going over the limit.
  ///
  /// An existing line takes the name and price of `item`, the newest known to the caller.
  public mutating func add(_ item: ShoppingItem) throws(BasketError) {
    guard item.quantity > 0 else { throw .nonPositiveQuantity(item.quantity) }
    let limit = Self.limit(for: item)
    guard let index = lines.firstIndex(where: { $0.id == item.id }) else {
      guard item.quantity <= limit else {
        throw .lineLimitExceeded(name: item.name, inBasket: 0, adding: item.quantity, limit: limit)
      }
      lines.append(item)
      return
    }
    let inBasket = lines[index].quantity
    guard item.quantity <= limit - inBasket else {
      throw .lineLimitExceeded(name: item.name, inBasket: inBasket, adding: item.quantity, limit: limit)
    }
    lines[index] = item.withQuantity(inBasket + item.quantity)
  }

  /// Adds several items, all or none.
  public mutating func add(_ items: [ShoppingItem]) throws(BasketError) {
    var updated = self
    for item in items {
      try updated.add(item)
    }
    self = updated
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
    guard let index = lines.firstIndex(where: { $0.id == id }) else {
      throw .notEnoughInBasket(name: name ?? id, inBasket: 0, removing: quantity)
    }
    let line = lines[index]
    guard quantity <= line.quantity else {
      throw .notEnoughInBasket(name: line.name, inBasket: line.quantity, removing: quantity)
    }
    if quantity == line.quantity {
      lines.remove(at: index)
    } else {
      lines[index] = line.withQuantity(line.quantity - quantity)
    }
    return line.withQuantity(quantity)
  }

  /// Empties the basket.
  public mutating func removeAll() {
    lines.removeAll()
  }
}
