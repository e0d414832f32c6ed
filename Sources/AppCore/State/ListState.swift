import Shop

/// The item list's own state: what is selected, what is scrolled into view, the filter, the order,
/// and which catalog items are shown in which order.
///
/// The list shows ``shown`` (catalog indices), or the whole catalog in catalog order when it is
/// `nil`; it is ``matches`` arranged in ``order``. A search or an order that would take long on the
/// main queue runs in the background (``pendingSearch``, ``pendingOrder``), and until its answer
/// arrives the list keeps showing what it showed.
public struct ListState: Equatable, Sendable {
  /// The selected position in the shown list.
  public internal(set) var selection = 0
  /// The first visible row.
  public internal(set) var scroll = 0
  /// The name filter as typed; empty for none.
  public internal(set) var filter = ""
  /// Whether keys go to the filter (after `/`, until Enter or Esc).
  public internal(set) var isEditingFilter = false
  /// The order the list is shown in.
  public internal(set) var order = ListOrder.catalog
  /// The order asked for with `s` while its permutation is built in the background.
  public internal(set) var pendingOrder: ListOrder?
  /// The filter text a background search is running for, while it runs.
  public internal(set) var pendingSearch: String?
  /// The catalog indices, ascending, that match the filter whose results are shown; `nil` when no
  /// filter is applied.
  public internal(set) var matches: [Int32]?
  /// The catalog indices shown, in order; `nil` for the whole catalog in catalog order.
  public internal(set) var shown: [Int32]?
  /// The matches of earlier queries, for narrowing and for backspace.
  var history = FilterHistory()
  /// What the list derives from the catalog (folded names, orders), built on first use.
  public let index: ListIndex
  /// How much of the list's work may run on the main queue.
  var budget = ListWorkBudget.standard

  /// A list of `catalog`'s items at its top, unfiltered, in catalog order.
  public init(catalog: Catalog) {
    index = ListIndex(items: catalog.items)
  }

  /// How many items the list shows out of a catalog of `catalogCount`.
  public func visibleCount(catalogCount: Int) -> Int { shown?.count ?? catalogCount }

  /// The catalog index at list position `position`, if there is one.
  public func catalogIndex(at position: Int, catalogCount: Int) -> Int? {
    guard (0..<visibleCount(catalogCount: catalogCount)).contains(position) else { return nil }
    return shown.map { Int($0[position]) } ?? position
  }
}
