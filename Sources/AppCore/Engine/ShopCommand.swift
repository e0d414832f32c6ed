import Shop

/// A change the user asks of the shop, from a key or a script line.
public enum ShopCommand: Hashable, Sendable {
  /// Put `quantity` of the item with this id in the basket.
  case add(id: String, quantity: Int)
  /// Take `quantity` of the item with this id out of the basket.
  case remove(id: String, quantity: Int)
  /// Add a free paper bag.
  case bag
  /// Put the last order's items back in the basket.
  case reorder
  /// Turn the basket into an order.
  case checkout
  /// Switch the quantity store.
  case mode(QuantityStoreMode)
  /// Change the debounce interval, from the next value on.
  case debounce(DebounceInterval)
}
