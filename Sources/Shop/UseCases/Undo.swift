import Reactive

/// Takes the shop back to an earlier state, writing the quantity store through its normal path so
/// that the badge follows, debounced as after any other change.
///
/// Every kind of change is undone the same way: `restore` the state from before it. The basket comes
/// back, and so does the order history, so undoing a checkout drops the order it added (and brings
/// back an old order the history limit had pushed out).
public struct Undo: Sendable {
  /// The store the quantity is written to.
  public let store: any QuantityStore

  /// Creates the use case for `store`.
  public init(store: any QuantityStore) {
    self.store = store
  }

  /// Makes `current` equal to `earlier`. The store is told the difference between the two baskets
  /// (see `QuantityWriteAccess.restore(from:to:)`); if it refuses, nothing changes.
  public func restore(_ earlier: ShopState, from current: inout ShopState) throws(ShoppingError) {
    try store.writeAccess.restore(from: current.basket, to: earlier.basket)
    current = earlier
  }
}
