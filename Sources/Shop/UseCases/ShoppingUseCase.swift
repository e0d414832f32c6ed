import Foundation
import Reactive

/// Buying, adding a paper bag, removing and checking out: changes the basket and writes the store.
///
/// The state stays with the caller; each action changes it only when both the basket and the store
/// accept. How each store is written is spelled out once, in `QuantityWriteAccess`: a controlled
/// store through its named methods, a simple store by reading the subject's value, adding and sending
/// as the article's use case does, the basket store by changing the basket it owns.
public struct ShoppingUseCase: Sendable {
  /// The store the quantity is written to.
  public let store: any QuantityStore

  /// Creates the use case for `store`.
  public init(store: any QuantityStore) {
    self.store = store
  }

  /// Puts `item` (its quantity, usually 1) in the basket.
  public func buy(_ item: ShoppingItem, in state: inout ShopState) throws(ShoppingError) {
    var updated = state
    do { try updated.basket.add(item) } catch { throw .basket(error) }
    try store.writeAccess.add([item])
    state = updated
  }

  /// Puts one free paper bag in the basket; the badge quantity does not change.
  public func addPaperBag(in state: inout ShopState) throws(ShoppingError) {
    try buy(.paperBag(), in: &state)
  }

  /// Takes `quantity` units of the item with this id out of the basket.
  public func remove(
    itemWithID id: String, quantity: Int = 1, in state: inout ShopState
  ) throws(ShoppingError) {
    var updated = state
    let removed: ShoppingItem
    do { removed = try updated.basket.remove(itemWithID: id, quantity: quantity) } catch {
      throw .basket(error)
    }
    try store.writeAccess.remove([removed])
    state = updated
  }

  /// Takes every line the catalog no longer sells out of the basket, in one write, and returns them
  /// (none when there are none; the store is then not written).
  @discardableResult
  public func removeUnavailableItems(
    from catalog: Catalog, in state: inout ShopState
  ) throws(ShoppingError) -> [ShoppingItem] {
    var updated = state
    let removed = updated.basket.removeLines { !catalog.hasItem(withID: $0.id) }
    guard !removed.isEmpty else { return [] }
    try store.writeAccess.remove(removed)
    state = updated
    return removed
  }

  /// Turns the basket into an order placed at `date` and sets the quantity to zero.
  ///
  /// Refused like `ShopState.checkout(at:from:)`: an empty basket, paper bags alone, or lines the
  /// catalog no longer sells (``removeUnavailableItems(from:in:)`` takes those out).
  @discardableResult
  public func checkout(
    _ state: inout ShopState, at date: Date, from catalog: Catalog
  ) throws(ShoppingError) -> Order {
    let order: Order
    do { order = try state.checkout(at: date, from: catalog) } catch { throw .basket(error) }
    store.writeAccess.resetOnCheckout()
    return order
  }
}
