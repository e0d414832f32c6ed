import Reactive

/// The three ways of writing a quantity store, which is all the use cases differ on. Every write the
/// use cases make goes through one of the methods below, so each store's behaviour is spelled out
/// here, once.
public enum QuantityWriteAccess: Sendable {
  /// Only through the owner's named, validated, atomic methods.
  case controlled(ControlledQuantityStore)
  /// Anyone sends any value to the shared subject.
  case shared(CurrentValueSubject<Int, Never>)
  /// The basket itself is written, through its store's atomic methods; the count follows from it.
  case basket(BasketStore)

  /// Counts `items` in (paper bags excluded). The controlled store adds atomically and validates; the
  /// shared subject is written as the article's use case writes it: read the value, add, send. The
  /// basket store adds the items themselves.
  public func add(_ items: [ShoppingItem]) throws(ShoppingError) {
    switch self {
    case .controlled(let store):
      do { try store.updateQuantity(with: items) } catch { throw .quantity(error) }
    case .shared(let subject):
      let current = subject.value
      subject.send(current + ItemCalculator.totalQuantity(of: items))
    case .basket(let store):
      do { try store.add(items) } catch { throw .basket(error) }
    }
  }

  /// Counts `items` out. The controlled store refuses to go below zero; the shared subject is read,
  /// lowered and sent, whatever it held; the basket store takes the items out.
  public func remove(_ items: [ShoppingItem]) throws(ShoppingError) {
    switch self {
    case .controlled(let store):
      do { try store.removeQuantity(of: items) } catch { throw .quantity(error) }
    case .shared(let subject):
      let current = subject.value
      subject.send(current - ItemCalculator.totalQuantity(of: items))
    case .basket(let store):
      do { try store.remove(items) } catch { throw .basket(error) }
    }
  }

  /// The basket was checked out: the count goes to zero (the basket store's basket is emptied).
  public func resetOnCheckout() {
    switch self {
    case .controlled(let store): store.resetOnCheckout()
    case .shared(let subject): subject.send(0)
    case .basket(let store): store.replaceBasket(with: Basket())
    }
  }

  /// A reorder put `items` back in the basket. The controlled store can only add them, and so can the
  /// basket store. The shared subject is sent the reorder's own total, as the article's bad example
  /// does, which forgets what the basket already held: the reorder bug the app makes visible.
  public func reorder(_ items: [ShoppingItem]) throws(ShoppingError) {
    switch self {
    case .controlled, .basket: try add(items)
    case .shared(let subject): subject.send(ItemCalculator.totalQuantity(of: items))
    }
  }

  /// An undo takes the basket from `current` back to `earlier`. The controlled store adds and takes
  /// away the difference in one validated write; the shared subject is read, changed by the
  /// difference and sent, as the article's code would (so a badge the reorder bug put wrong stays
  /// wrong by as much); the basket store is given the earlier basket.
  public func restore(from current: Basket, to earlier: Basket) throws(ShoppingError) {
    switch self {
    case .controlled(let store):
      let difference = BasketDifference(from: current, to: earlier)
      do { try store.changeQuantity(adding: difference.added, removing: difference.removed) } catch {
        throw .quantity(error)
      }
    case .shared(let subject):
      // The earlier basket's own count: an undo puts back what the basket held, and the badge with it
      // (adding the difference to a count the reorder bug had already lost set it to 0 under a basket
      // of 2).
      subject.send(ItemCalculator.totalQuantity(of: earlier.lines))
    case .basket(let store):
      store.replaceBasket(with: earlier)
    }
  }
}
