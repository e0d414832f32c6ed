import Reactive

/// The three ways of writing a quantity store, which is all the use cases differ on. A write is a
/// ``QuantityWrite`` value; it is validated first, purely, by ``validate(_:mode:storeQuantity:)`` (the use
/// cases do so before they change the shop), and performed separately, by ``perform(_:basket:)``. Every
/// write the app makes goes through these two functions, so each store's behaviour is spelled out here,
/// once.
public enum QuantityWriteAccess: Sendable {
  /// Only through the owner's named, validated, atomic methods.
  case controlled(ControlledQuantityStore)
  /// Anyone sends any value to the shared subject.
  case shared(CurrentValueSubject<Int, Never>)
  /// The store follows the basket, which the app state owns; the count is derived from it.
  case basket(BasketStore)

  /// `write` when a store of `mode` holding `storeQuantity` accepts it, or why it refuses. Nothing is
  /// read or written but the arguments.
  ///
  /// The controlled store refuses a count below zero or above its maximum (an undo adds and takes away
  /// the difference of the two baskets in one write). The shared subject accepts anything. The basket
  /// store accepts what the basket accepted: the basket's own rules, which the use case applied to the
  /// shop first, are its validation.
  public static func validate(
    _ write: QuantityWrite, mode: QuantityStoreMode, storeQuantity: Int
  ) throws(ShoppingError) -> QuantityWrite {
    guard mode == .controlled else { return write }
    do {
      switch write {
      case .add(let items), .reorder(let items):
        _ = try ControlledQuantityStore.quantity(after: storeQuantity, adding: items, removing: [])
      case .remove(let items):
        _ = try ControlledQuantityStore.quantity(after: storeQuantity, adding: [], removing: items)
      case .reset:
        break
      case .restore(let current, let earlier):
        let difference = BasketDifference(from: current, to: earlier)
        _ = try ControlledQuantityStore.quantity(
          after: storeQuantity, adding: difference.added, removing: difference.removed)
      }
    } catch {
      throw .quantity(error)
    }
    return write
  }

  /// Applies `write` to the store; `basket` is the basket the write leaves (what the basket store is
  /// given). Throws only when the controlled store refuses a write that was not validated against what
  /// it holds; it then changes nothing.
  ///
  /// - The controlled store adds, takes away (an undo: the difference, in one write) or resets,
  ///   atomically, through its named methods.
  /// - The shared subject is written as the article's use case writes it: read the value, add or
  ///   subtract, send. A reorder sends the reorder's own total, which forgets what the basket already
  ///   held: the reorder bug the app makes visible. An undo sends the earlier basket's own count, so the
  ///   badge comes back with the basket (adding the difference to a count the reorder bug had already
  ///   lost set it to 0 under a basket of 2).
  /// - The basket store follows `basket` (``BasketStore/follow(_:)``): it publishes the basket's count
  ///   and keeps no copy of the basket.
  public func perform(_ write: QuantityWrite, basket: Basket) throws(ShoppingError) {
    switch self {
    case .controlled(let store):
      do {
        switch write {
        case .add(let items), .reorder(let items): try store.updateQuantity(with: items)
        case .remove(let items): try store.removeQuantity(of: items)
        case .reset: store.resetOnCheckout()
        case .restore(let current, let earlier):
          let difference = BasketDifference(from: current, to: earlier)
          try store.changeQuantity(adding: difference.added, removing: difference.removed)
        }
      } catch {
        throw .quantity(error)
      }
    case .shared(let subject):
      switch write {
      case .add(let items): subject.send(subject.value + ItemCalculator.totalQuantity(of: items))
      case .remove(let items): subject.send(subject.value - ItemCalculator.totalQuantity(of: items))
      case .reset: subject.send(0)
      case .reorder(let items): subject.send(ItemCalculator.totalQuantity(of: items))
      case .restore(_, let earlier): subject.send(ItemCalculator.totalQuantity(of: earlier.lines))
      }
    case .basket(let store):
      store.follow(basket)
    }
  }
}

extension QuantityStore {
  /// The mode of this store: whose rules ``QuantityWriteAccess/validate(_:mode:storeQuantity:)``
  /// applies.
  public var mode: QuantityStoreMode {
    switch writeAccess {
    case .controlled: .controlled
    case .shared: .simple
    case .basket: .derived
    }
  }

  /// Performs `write` on this store (``QuantityWriteAccess/perform(_:basket:)``); `basket` is the
  /// basket the write leaves.
  public func perform(_ write: QuantityWrite, basket: Basket) throws(ShoppingError) {
    try writeAccess.perform(write, basket: basket)
  }
}
