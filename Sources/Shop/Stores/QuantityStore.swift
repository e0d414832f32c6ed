import Reactive

/// The basket quantity the badge shows, readable by anyone; how it is written depends on the store.
public protocol QuantityStore: AnyObject, Sendable {
  /// The current quantity.
  var quantity: Int { get }
  /// The quantity now and every later change.
  var quantityPublisher: AnyPublisher<Int, Never> { get }
  /// How writers reach this store: named methods, or a subject anyone may send to.
  var writeAccess: QuantityWriteAccess { get }
}

/// Which quantity store the app runs with; it can change at runtime.
public enum QuantityStoreMode: String, Sendable, CaseIterable {
  /// `ControlledQuantityStore`: one owner, one write path.
  case controlled
  /// `SimpleQuantityStore`: the shared subject from the article.
  case simple

  /// A new store of this mode starting at `quantity`, clamped to what a controlled store accepts.
  public func makeStore(quantity: Int = 0) -> any QuantityStore {
    let start = min(max(quantity, 0), ControlledQuantityStore.maximumQuantity)
    switch self {
    case .controlled: return ControlledQuantityStore(quantity: start)
    case .simple: return SimpleQuantityStore(quantity: start)
    }
  }
}
