/// Which quantity store the app runs with; it can change at runtime, carrying the basket over.
public enum QuantityStoreMode: String, Sendable, CaseIterable {
  /// `ControlledQuantityStore`: one owner, one write path.
  case controlled
  /// `SimpleQuantityStore`: the shared subject from the article.
  case simple
  /// `BasketStore`: the basket itself, which the app state owns, is the owned value; the count is
  /// derived from it.
  case derived

  /// A new store of this mode for `basket`: the controlled and simple stores start at its badge
  /// quantity (clamped to what a controlled store accepts), the basket store follows the basket.
  public func makeStore(carrying basket: Basket = Basket()) -> any QuantityStore {
    switch self {
    case .controlled:
      return ControlledQuantityStore(
        quantity: min(basket.badgeQuantity, ControlledQuantityStore.maximumQuantity))
    case .simple:
      return SimpleQuantityStore(quantity: basket.badgeQuantity)
    case .derived:
      return BasketStore(basket: basket)
    }
  }

  /// The mode after this one, in `allCases` order, then round again: what `m` switches to.
  public var next: QuantityStoreMode {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// What the mode is, in a few words: "one owner, one write path".
  public var summary: String {
    switch self {
    case .controlled: return "one owner, one write path"
    case .simple: return "a shared subject anyone may send to"
    case .derived: return "the basket is the owned value; the count is derived from it"
    }
  }
}
