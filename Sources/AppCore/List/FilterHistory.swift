/// The matches of the filter's earlier queries, shortest query first: typing a character searches
/// only the matches of the query before it, and erasing one finds its matches here again.
///
/// Queries are compared folded: a level's matches hold every match of any query whose folded form
/// starts with the level's, so they are the candidates for it. The levels together keep at most a
/// few times the catalog's size in indices; beyond that the shortest queries are forgotten first.
struct FilterHistory: Equatable, Sendable {
  /// One earlier query and its matches.
  struct Level: Equatable, Sendable {
    /// The folded query.
    let folded: [UInt8]
    /// The catalog indices it matches, ascending.
    let matches: [Int32]
  }

  /// The levels, each query a prefix of the next.
  private(set) var levels: [Level] = []

  /// Forgets the levels whose queries are not prefixes of `folded`, and returns the deepest one left,
  /// whose matches hold every match of `folded`.
  mutating func narrowest(containing folded: [UInt8]) -> Level? {
    while let last = levels.last, !folded.starts(with: last.folded) { levels.removeLast() }
    return levels.last
  }

  /// Keeps `matches` as the answer to `folded`, which must extend the deepest level's query; then
  /// forgets the shortest queries while the levels hold more than `limit` indices.
  mutating func push(_ folded: [UInt8], matches: [Int32], limit: Int) {
    precondition(levels.last.map { folded.starts(with: $0.folded) } ?? true, "not a narrower query")
    if levels.last?.folded == folded { levels.removeLast() }
    // The same count means the same set (it can only shrink): share the array, not copy it.
    let shared = levels.last.flatMap { $0.matches.count == matches.count ? $0.matches : nil } ?? matches
    levels.append(Level(folded: folded, matches: shared))
    while levels.count > 1, heldIndices > limit { levels.removeFirst() }
  }

  /// Forgets every level.
  mutating func removeAll() {
    levels.removeAll()
  }

  /// The indices the levels hold, counting a shared array once.
  private var heldIndices: Int {
    var total = 0
    var previousCount = -1
    for level in levels where level.matches.count != previousCount {
      total += level.matches.count
      previousCount = level.matches.count
    }
    return total
  }
}
