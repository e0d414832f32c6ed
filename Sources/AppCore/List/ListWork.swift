/// Work of the item list's that may take long enough to run off the main queue: a search, or building
/// part of the list's index. The runtime runs it on a ``ListWorkRunner`` and hands back the event it
/// returns.
public enum ListWork: Equatable, Sendable {
  /// Search for the filter's matches; answers ``AppEvent/filterResult(query:matches:)``.
  case search(FilterSearch)
  /// Fold the catalog's names, so that the first search need not: done when the filter opens on a
  /// large catalog. Answers nothing.
  case prepareFilter(ListIndex)
  /// Build the permutation of an order; answers ``AppEvent/listOrderReady(_:)``.
  case prepareOrder(ListOrder, ListIndex)

  /// Does the work, on any thread; returns the event for `update`, or `nil` when there is nothing to
  /// report or `isCancelled` stopped it.
  public func run(isCancelled: () -> Bool) -> AppEvent? {
    switch self {
    case .search(let search):
      return search.run(isCancelled: isCancelled).map { .filterResult(query: search.query, matches: $0) }
    case .prepareFilter(let index):
      _ = index.foldedNames()
      return nil
    case .prepareOrder(let order, let index):
      index.permutation(order)
      return .listOrderReady(order)
    }
  }

  /// Whether this is a search, which the next key cancels.
  public var isSearch: Bool {
    if case .search = self { return true }
    return false
  }
}
