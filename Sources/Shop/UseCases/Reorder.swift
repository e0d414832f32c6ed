import Reactive

/// Puts the last order's items back in the basket and writes the quantity.
///
/// With a controlled store the items' quantity is added. With a simple store the use case sends the
/// reorder's own total, as the article's reorder does: the badge then forgets whatever was already
/// in the basket. That is the bug the app shows.
public struct Reorder: Sendable {
  /// The store the quantity is written to.
  public let store: any QuantityStore

  /// Creates the use case for `store`.
  public init(store: any QuantityStore) {
    self.store = store
  }

  /// Adds the last order's items to the basket, all or none, and returns them.
  @discardableResult
  public func addItemsToBasket(in state: inout ShopState) throws(ShoppingError) -> [ShoppingItem] {
    var updated = state
    let reorderItems: [ShoppingItem]
    do { reorderItems = try updated.reorderLastOrder() } catch { throw .basket(error) }
    try store.writeAccess.reorder(reorderItems)
    state = updated
    return reorderItems
  }
}
