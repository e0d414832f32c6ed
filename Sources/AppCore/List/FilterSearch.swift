/// One search for the filter, as started by a key: the query as typed and folded, and the names it
/// can match.
public struct FilterSearch: Equatable, Sendable {
  /// The filter text the search answers.
  public let query: String
  /// The text folded.
  let folded: [UInt8]
  /// The catalog indices that can match (the matches of a shorter query), or `nil` for all.
  let candidates: [Int32]?
  /// The index to search, whose folded names are built first if need be.
  let index: ListIndex

  /// The matches, ascending; `nil` if cancelled.
  func run(isCancelled: () -> Bool) -> [Int32]? {
    let names = index.foldedNames()
    guard !isCancelled() else { return nil }
    return names.search(folded, among: candidates, isCancelled: isCancelled)
  }
}
