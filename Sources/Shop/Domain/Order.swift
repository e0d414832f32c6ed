import Foundation

/// A checked-out basket.
public struct Order: Sendable, Equatable, Codable {
  /// The basket's lines at checkout, packed (see ``OrderItems``).
  public let items: OrderItems
  /// When the order was placed, as given by the caller.
  public let placedAt: Date

  /// Creates an order.
  public init(items: [ShoppingItem], placedAt: Date) {
    self.init(items: OrderItems(items), placedAt: placedAt)
  }

  /// Creates an order of lines already packed.
  public init(items: OrderItems, placedAt: Date) {
    self.items = items
    self.placedAt = placedAt
  }
}
