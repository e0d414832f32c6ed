import Reactive

/// The basket itself, owned and published as items; the badge count is derived from them.
///
/// The article's "even better": the basket's items flow through the stream, and the count is
/// `map(total quantity).removeDuplicates()` of them, so there is no separate count that could
/// disagree with the basket, and a reorder cannot forget what the basket held.
///
/// - Who owns the data: this store; it holds the basket, and the subject it publishes on is private.
/// - Who may write it: anyone holding the store, but only through `add(_:)`, `remove(_:)` and
///   `replaceBasket(with:)`.
/// - How: each write is one atomic change of the basket under a lock, so concurrent writers lose
///   nothing.
/// - Transformation: none on the items; the count is the items' total quantity, paper bags excluded,
///   repeats removed.
/// - Validation: the basket's own rules (quantities of at least 1, at most `Basket.lineLimit` units a
///   line, never removing more than a line holds); a refused write throws and changes nothing.
/// - Who reads it: anyone, through `basket`, `itemsPublisher`, `quantity` and `quantityPublisher`.
///   Every subscriber receives the items in write order, even when it writes from inside its sink,
///   and the last items each one receives are the current basket's.
///
/// Each write publishes the lines as a new value, which the subject keeps, so the next write copies
/// them: a write costs O(lines), whatever it changes. A reorder is one write however many items.
public final class BasketStore: QuantityStore {
  private let owned: OwnedValue<Basket, [ShoppingItem]>

  /// Creates a store holding `basket`.
  public init(basket: Basket = Basket()) {
    owned = OwnedValue(basket, publishing: basket.lines)
  }

  /// The basket after every write so far, delivered or not.
  public var basket: Basket { owned.read { $0 } }

  /// The basket's lines now and after every write.
  public var itemsPublisher: AnyPublisher<[ShoppingItem], Never> {
    owned.subject.eraseToAnyPublisher()
  }

  /// The basket's badge quantity: all units except paper bags.
  public var quantity: Int { owned.read { $0.badgeQuantity } }

  /// The items' total quantity now and every change, without repeats.
  public var quantityPublisher: AnyPublisher<Int, Never> {
    owned.subject.map(ItemCalculator.totalQuantity(of:)).removeDuplicates().eraseToAnyPublisher()
  }

  /// `.basket(self)`.
  public var writeAccess: QuantityWriteAccess { .basket(self) }

  /// Adds the items to the basket, all or none.
  public func add(_ items: [ShoppingItem]) throws(BasketError) {
    try owned.write { (basket) throws(BasketError) in
      try basket.add(items)
      return basket.lines
    }
  }

  /// Takes each item's quantity of its id out of the basket, all or none.
  public func remove(_ items: [ShoppingItem]) throws(BasketError) {
    try owned.write { (basket) throws(BasketError) in
      if items.count == 1 {
        try basket.remove(itemWithID: items[0].id, quantity: items[0].quantity, name: items[0].name)
        return basket.lines
      }
      var updated = basket
      for item in items {
        try updated.remove(itemWithID: item.id, quantity: item.quantity, name: item.name)
      }
      basket = updated
      return basket.lines
    }
  }

  /// Makes `basket` the basket, as a checkout (an empty one) or an undo does.
  public func replaceBasket(with basket: Basket) {
    owned.write { current in
      current = basket
      return basket.lines
    }
  }
}
