import Reactive
import Shop

/// What the item list derives from the catalog, each part built once, on first use: the folded names
/// the filter searches, and the name and price orders. One index serves every copy of the app state.
///
/// A part is built by whoever first asks for it with ``foldedNames()`` or ``permutation(_:)``: the
/// main queue for a small catalog, a background queue for a large one. Meanwhile the main queue asks
/// with ``foldedNamesIfReady`` and ``permutationIfReady(_:)``, which never wait: each part sits behind
/// its own lock, held only to read or store it, never while it is built.
public final class ListIndex: Sendable, Equatable {
  /// The catalog's items, in catalog order.
  let items: CatalogItems
  private let folded = Locked<FoldedNames?>(nil)
  private let byName = Locked<[Int32]?>(nil)
  private let byPrice = Locked<[Int32]?>(nil)

  /// An index of `items`, with nothing built yet.
  init(items: CatalogItems) {
    self.items = items
  }

  /// How many items.
  var count: Int { items.count }

  /// The folded names, if built.
  var foldedNamesIfReady: FoldedNames? { folded.withLock { $0 } }

  /// The folded names, built now if no one has yet.
  func foldedNames() -> FoldedNames {
    if let ready = foldedNamesIfReady { return ready }
    let built = FoldedNames(items: items)
    return folded.withLock { stored in
      if stored == nil { stored = built }
      return stored!
    }
  }

  /// The catalog indices in `order`, if built; catalog order needs none and answers `nil`.
  func permutationIfReady(_ order: ListOrder) -> [Int32]? {
    switch order {
    case .catalog: nil
    case .name: byName.withLock { $0 }
    case .price: byPrice.withLock { $0 }
    }
  }

  /// Whether the list can be shown in `order` without building anything.
  func isReady(_ order: ListOrder) -> Bool {
    order == .catalog || permutationIfReady(order) != nil
  }

  /// The catalog indices in `order`, built now if no one has yet; `nil` for catalog order.
  @discardableResult
  func permutation(_ order: ListOrder) -> [Int32]? {
    if order == .catalog { return nil }
    if let ready = permutationIfReady(order) { return ready }
    if order == .name { return Self.keep(SortPermutations.byName(foldedNames()), in: byName) }
    return Self.keep(SortPermutations.byPrice(items), in: byPrice)
  }

  /// Stores `built` unless another thread stored its own first; returns what is stored.
  private static func keep(_ built: [Int32], in slot: Locked<[Int32]?>) -> [Int32] {
    slot.withLock { stored in
      if stored == nil { stored = built }
      return stored!
    }
  }

  /// Two indices are equal when they index equal items: what they build is a function of the items.
  public static func == (lhs: ListIndex, rhs: ListIndex) -> Bool {
    lhs === rhs || lhs.items == rhs.items
  }
}
