/// Sums over items: the badge quantity and the price.
public enum ItemCalculator {
  /// The number of units the badge counts: every item's quantity except paper bags.
  public static func totalQuantity(of items: [ShoppingItem]) -> Int {
    var total = 0
    for item in items where !item.isPaperBag {
      total += item.quantity
    }
    return total
  }

  /// The price of all items, in minor units.
  public static func subtotal(of items: [ShoppingItem]) -> Int {
    var total = 0
    for item in items {
      total += item.price * item.quantity
    }
    return total
  }

  /// `totalQuantity(of:)` of an order's lines, read from their packed form.
  public static func totalQuantity(of items: OrderItems) -> Int {
    items.badgeQuantity
  }

  /// `subtotal(of:)` of an order's lines, read from their packed form.
  public static func subtotal(of items: OrderItems) -> Int {
    items.subtotal
  }
}
