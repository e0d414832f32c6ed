import Foundation

/// A checked-out basket.
public struct Order: Sendable, Equatable, Codable {
  /// The basket's lines at checkout.
  public let items: [ShoppingItem]
  /// When the order was placed, as given by the caller.
  public let placedAt: Date

  /// Creates an order.
  public init(items: [ShoppingItem], placedAt: Date) {
    self.items = items
    self.placedAt = placedAt
  }
}
