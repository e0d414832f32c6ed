import Foundation

/// Buying, adding a paper bag, removing and checking out: pure transitions of ``ShopState`` that return
/// the ``QuantityWrite`` the quantity store is to be given.
///
/// The state stays with the caller; each action changes it only when both the basket and the store
/// accept: the write is validated (``QuantityWriteAccess/validate(_:mode:storeQuantity:)``) before the
/// state changes, and a refused action changes nothing. No store is touched here: whoever holds the
/// store performs the write (``QuantityWriteAccess/perform(_:basket:)``).
///
/// `storeHolding` is what the store holds now, for a controlled store that may disagree with the
/// basket; left out, the store holds the basket's badge quantity (clamped to what a controlled store
/// accepts), as a store made for the basket and written only through these use cases does.
public struct ShoppingUseCase: Sendable {
  /// The mode of the store written: whose rules validate the writes.
  public let mode: QuantityStoreMode

  /// Creates the use case for a store of `mode`.
  public init(mode: QuantityStoreMode) {
    self.mode = mode
  }

  /// Puts `item` (its quantity, usually 1) in the basket: `.add([item])`.
  public func buy(
    _ item: ShoppingItem, in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> QuantityWrite {
    var updated = state
    do { try updated.basket.add(item) } catch { throw .basket(error) }
    let write = try mode.validate(.add([item]), before: state, storeHolding: storeHolding)
    state = updated
    return write
  }

  /// Puts one free paper bag in the basket; the badge quantity does not change (a simple store is
  /// still sent its value again).
  public func addPaperBag(
    in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> QuantityWrite {
    try buy(.paperBag(), in: &state, storeHolding: storeHolding)
  }

  /// Takes `quantity` units of the item with this id out of the basket: `.remove` of them.
  public func remove(
    itemWithID id: String, quantity: Int = 1, in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> QuantityWrite {
    var updated = state
    let removed: ShoppingItem
    do { removed = try updated.basket.remove(itemWithID: id, quantity: quantity) } catch {
      throw .basket(error)
    }
    let write = try mode.validate(.remove([removed]), before: state, storeHolding: storeHolding)
    state = updated
    return write
  }

  /// Takes every line the catalog no longer sells out of the basket, in one write, and returns them
  /// with the write (none and no write when there are none).
  public func removeUnavailableItems(
    from catalog: Catalog, in state: inout ShopState, storeHolding: Int? = nil
  ) throws(ShoppingError) -> (removed: [ShoppingItem], write: QuantityWrite?) {
    var updated = state
    let removed = updated.basket.removeLines { !catalog.hasItem(withID: $0.id) }
    guard !removed.isEmpty else { return ([], nil) }
    let write = try mode.validate(.remove(removed), before: state, storeHolding: storeHolding)
    state = updated
    return (removed, write)
  }

  /// Turns the basket into an order placed at `date`; the write is `.reset`.
  ///
  /// Refused like `ShopState.checkout(at:from:)`: an empty basket, paper bags alone, or lines the
  /// catalog no longer sells (``removeUnavailableItems(from:in:storeHolding:)`` takes those out).
  public func checkout(
    _ state: inout ShopState, at date: Date, from catalog: Catalog
  ) throws(ShoppingError) -> (order: Order, write: QuantityWrite) {
    var updated = state
    let order: Order
    do { order = try updated.checkout(at: date, from: catalog) } catch { throw .basket(error) }
    state = updated
    return (order, .reset)
  }
}

extension QuantityStoreMode {
  /// `write` validated for a store of this mode holding `storeHolding`, or, left out, the badge
  /// quantity of `state`'s basket (clamped as ``makeStore(carrying:)`` clamps it).
  func validate(
    _ write: QuantityWrite, before state: ShopState, storeHolding: Int?
  ) throws(ShoppingError) -> QuantityWrite {
    let held = storeHolding ?? min(state.basket.badgeQuantity, ControlledQuantityStore.maximumQuantity)
    return try QuantityWriteAccess.validate(write, mode: self, storeQuantity: held)
  }
}
