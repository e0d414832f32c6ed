import Shop

/// A change the user asks of the shop, from a key or a script line.
public enum ShopCommand: Equatable, Sendable {
  /// Put `quantity` of the item with this id in the basket.
  case add(id: String, quantity: Int)
  /// Take `quantity` of the item with this id out of the basket.
  case remove(id: String, quantity: Int)
  /// Add a free paper bag.
  case bag
  /// Put the last order's items back in the basket.
  case reorder
  /// Put the items of the order at this index of the history (oldest first) back in the basket.
  case reorderOrder(Int)
  /// Take the shop back to this earlier state (the undo key), writing the store through its path.
  case undo(to: ShopState)
  /// Turn the basket into an order.
  case checkout
  /// Switch the quantity store.
  case mode(QuantityStoreMode)
  /// Change the debounce interval, from the next value on.
  case debounce(DebounceInterval)
}
