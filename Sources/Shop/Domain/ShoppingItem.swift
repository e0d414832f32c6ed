/// Something that can be bought, or a quantity of it in a basket or an order.
///
/// `price` is in minor units of the catalog's currency (cents for EUR), so arithmetic stays exact.
public struct ShoppingItem: Sendable, Hashable, Codable {
  /// Stable identifier; the catalog, the basket and the state file refer to items by it.
  public let id: String
  /// Display name, shown as given (it may contain wide characters).
  public let name: String
  /// Price of one unit in minor units.
  public let price: Int
  /// How many units this value stands for.
  public let quantity: Int

  /// Creates an item; callers that take input from outside validate it first (see `Catalog`).
  public init(id: String, name: String, price: Int, quantity: Int = 1) {
    self.id = id
    self.name = name
    self.price = price
    self.quantity = quantity
  }

  /// The same item with another quantity.
  public func withQuantity(_ quantity: Int) -> ShoppingItem {
    ShoppingItem(id: id, name: name, price: price, quantity: quantity)
  }
}
