/// Takes the shop back to an earlier state: a pure transition of ``ShopState`` that returns the write
/// `.restore(from:to:)`, so that the quantity store is written through its normal path and the badge
/// follows, debounced as after any other change.
///
/// Every kind of change is undone the same way: `restore` the state from before it. The basket comes
/// back, and so does the order history, so undoing a checkout drops the order it added (and brings
/// back an old order the history limit had pushed out). `storeHolding` is as in ``ShoppingUseCase``.
public struct Undo: Sendable {
  /// The mode of the store written: whose rules validate the write.
  public let mode: QuantityStoreMode

  /// Creates the use case for a store of `mode`.
  public init(mode: QuantityStoreMode) {
    self.mode = mode
  }

  /// Makes `current` equal to `earlier`. The store is to be told the difference between the two
  /// baskets (see ``QuantityWriteAccess/perform(_:basket:)``); if it refuses, nothing changes.
  public func restore(
    _ earlier: ShopState, from current: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> QuantityWrite {
    let write = try mode.validate(
      .restore(from: current.basket, to: earlier.basket), before: current, storeHolding: storeHolding)
    current = earlier
    return write
  }
}
