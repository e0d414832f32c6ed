/// An item whose price today differs from the price it had in an order.
public struct PriceChange: Sendable, Equatable {
  /// The item's id.
  public let itemID: String
  /// The item's name today.
  public let name: String
  /// The price of one unit in the order, in minor units.
  public let orderedPrice: Int
  /// The price of one unit in today's catalog, in minor units.
  public let currentPrice: Int

  /// Creates a price change.
  public init(itemID: String, name: String, orderedPrice: Int, currentPrice: Int) {
    self.itemID = itemID
    self.name = name
    self.orderedPrice = orderedPrice
    self.currentPrice = currentPrice
  }
}
