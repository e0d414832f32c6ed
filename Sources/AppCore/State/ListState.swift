/// The item list's own state: what is selected, what is scrolled into view, and the filter.
public struct ListState: Equatable, Sendable {
  /// The selected position in the visible list (an index into ``matches`` when filtering).
  public internal(set) var selection = 0
  /// The first visible row.
  public internal(set) var scroll = 0
  /// The name filter; empty for none.
  public internal(set) var filter = ""
  /// Whether keys go to the filter (after `/`, until Enter or Esc).
  public internal(set) var isEditingFilter = false
  /// Catalog indices matching the filter; `nil` when there is no filter.
  public internal(set) var matches: [Int]?

  /// A list at its top, unfiltered.
  public init() {}

  /// How many items the list shows out of a catalog of `catalogCount`.
  public func visibleCount(catalogCount: Int) -> Int { matches?.count ?? catalogCount }

  /// The catalog index at list position `position`, if there is one.
  public func catalogIndex(at position: Int, catalogCount: Int) -> Int? {
    guard (0..<visibleCount(catalogCount: catalogCount)).contains(position) else { return nil }
    return matches?[position] ?? position
  }
}
