/// Puts an earlier order's items back in the basket, at today's names and prices: a pure transition of
/// ``ShopState`` that returns the write `.reorder(added)` for the quantity store.
///
/// With a controlled store the items' quantity is added, and the basket store is given the basket.
/// With a simple store the write sends the reorder's own total (of what was actually added), as the
/// article's reorder does: the badge then forgets whatever was already in the basket. That is the bug
/// the app shows. `storeHolding` is as in ``ShoppingUseCase``.
public struct Reorder: Sendable {
  /// The mode of the store written: whose rules validate the write.
  public let mode: QuantityStoreMode

  /// Creates the use case for a store of `mode`.
  public init(mode: QuantityStoreMode) {
    self.mode = mode
  }

  /// Adds `order`'s items to the basket, all or none, as `ShopState.reorder(_:from:)` does; the result
  /// says what was added, which prices changed and which items were left out.
  public func reorder(
    _ order: Order, from catalog: Catalog, in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> (result: ReorderResult, write: QuantityWrite) {
    var updated = state
    let result: ReorderResult
    do { result = try updated.reorder(order, from: catalog) } catch { throw .basket(error) }
    let write = try mode.validate(.reorder(result.added), before: state, storeHolding: storeHolding)
    state = updated
    return (result, write)
  }

  /// ``reorder(_:from:in:storeHolding:)`` of the most recent order; refused when there is none.
  public func reorderLastOrder(
    from catalog: Catalog, in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> (result: ReorderResult, write: QuantityWrite) {
    guard let order = state.lastOrder else { throw .basket(.noPreviousOrder) }
    return try reorder(order, from: catalog, in: &state, storeHolding: storeHolding)
  }
}
