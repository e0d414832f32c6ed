import Reactive

/// The derived mode's store: the badge count of the basket the app owns, published as it changes. It
/// holds no basket of its own, only the count it derived from the last basket it was given, so there
/// is one basket in the app (the app state's) and no second copy that could disagree with it.
///
/// The article's "even better": the basket is the owned value and the count is
/// `map(total quantity).removeDuplicates()` of it, so there is no separate count that anyone could
/// write, and a reorder cannot forget what the basket held.
///
/// - Who owns the data: the app state owns the basket (`ShopState.basket`); this store owns only the
///   count it derives from it, and the subject it publishes on is private.
/// - Who may write it: the basket, only the domain's use cases, as pure transitions of the shop state;
///   this store, only whoever is handed a use case's write (the app's runtime), through
///   `follow(_:)`, which ``QuantityWriteAccess/perform(_:basket:)`` calls with the basket the write left.
/// - How: each basket given replaces the count atomically under a lock, so concurrent callers lose
///   nothing, and the last count published is the last basket's.
/// - Transformation: the basket's badge quantity (paper bags excluded), repeats removed.
/// - Validation: the basket's own rules (quantities of at least 1, at most `Basket.lineLimit` units a
///   line, never removing more than a line holds), applied by the use cases before the basket changes;
///   a basket that was refused never reaches the store.
/// - Who reads it: the basket, anyone holding the app state; the count, anyone, through `quantity`
///   and `quantityPublisher`. Every subscriber receives the counts in the order the baskets were
///   given, even when it gives one from inside its sink, and the last count each one receives is the
///   last basket's.
public final class BasketStore: QuantityStore {
  private let owned: OwnedValue<Int, Int>

  /// Creates a store following `basket`.
  public init(basket: Basket = Basket()) {
    owned = OwnedValue(basket.badgeQuantity, publishing: basket.badgeQuantity)
  }

  /// The badge quantity of the last basket given: all its units except paper bags.
  public var quantity: Int { owned.read { $0 } }

  /// The badge quantity now and every change, without repeats.
  public var quantityPublisher: AnyPublisher<Int, Never> { owned.subject.eraseToAnyPublisher() }

  /// `.basket(self)`.
  public var writeAccess: QuantityWriteAccess { .basket(self) }

  /// Follows `basket`, the basket a write left: publishes its badge quantity when that changed. The
  /// basket is read, not kept.
  public func follow(_ basket: Basket) {
    let quantity = basket.badgeQuantity
    owned.write { count in
      guard count != quantity else { return nil }
      count = quantity
      return quantity
    }
  }
}
