import Reactive

/// Puts an earlier order's items back in the basket, at today's names and prices, and writes the store.
///
/// With a controlled store the items' quantity is added, and the basket store adds the items. With a
/// simple store the use case sends the reorder's own total (of what was actually added), as the
/// article's reorder does: the badge then forgets whatever was already in the basket. That is the bug
/// the app shows.
public struct Reorder: Sendable {
  /// The store the quantity is written to.
  public let store: any QuantityStore

  /// Creates the use case for `store`.
  public init(store: any QuantityStore) {
    self.store = store
  }

  /// Adds `order`'s items to the basket, all or none, as `ShopState.reorder(_:from:)` does; the result
  /// says what was added, which prices changed and which items were left out.
  @discardableResult
  public func reorder(
    _ order: Order, from catalog: Catalog, in state: inout ShopState
  ) throws(ShoppingError) -> ReorderResult {
    var updated = state
    let result: ReorderResult
    do { result = try updated.reorder(order, from: catalog) } catch { throw .basket(error) }
    try store.writeAccess.reorder(result.added)
    state = updated
    return result
  }

  /// ``reorder(_:from:in:)`` of the most recent order; refused when there is none.
  @discardableResult
  public func reorderLastOrder(
    from catalog: Catalog, in state: inout ShopState
  ) throws(ShoppingError) -> ReorderResult {
    guard let order = state.lastOrder else { throw .basket(.noPreviousOrder) }
    return try reorder(order, from: catalog, in: &state)
  }
}
