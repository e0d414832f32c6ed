import Testing

@testable import AppCore

/// The filter's history of answers: which earlier answer holds a query's matches, and how much it keeps.
@Suite struct FilterHistoryTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func theDeepestLevelWhoseQueryIsAPrefixHoldsTheCandidates() {
    var history = FilterHistory()
    history.push(Self.bytes("a"), matches: [1, 2, 3, 5], limit: 100)
    history.push(Self.bytes("ab"), matches: [2, 5], limit: 100)
    #expect(history.narrowest(containing: Self.bytes("abc"))?.folded == Self.bytes("ab"))
    #expect(history.levels.count == 2, "nothing forgotten: both are prefixes")
    #expect(history.narrowest(containing: Self.bytes("ab"))?.matches == [2, 5])
  }

  @Test func levelsThatAreNotPrefixesAreForgottenEvenWhenNotLonger() {
    var history = FilterHistory()
    history.push(Self.bytes("a"), matches: [1, 2, 3], limit: 100)
    history.push(Self.bytes("ab"), matches: [2], limit: 100)
    // Same length, another last byte (as when jamo compose into a syllable): not a prefix.
    #expect(history.narrowest(containing: Self.bytes("ac"))?.folded == Self.bytes("a"))
    #expect(history.levels.map(\.folded) == [Self.bytes("a")])
    #expect(history.narrowest(containing: Self.bytes("x")) == nil)
    #expect(history.levels.isEmpty)
  }

  @Test func anEqualCountSharesTheArrayAndALimitForgetsTheShortestQueriesFirst() {
    var history = FilterHistory()
    history.push(Self.bytes("a"), matches: [1, 2, 3, 4], limit: 8)
    history.push(Self.bytes("ab"), matches: [1, 2, 3, 4], limit: 8)
    history.push(Self.bytes("abc"), matches: [1, 2, 3], limit: 8)
    #expect(history.levels.count == 3, "4 + 3 indices held: the equal answers count once")
    history.push(Self.bytes("abcd"), matches: [1, 2], limit: 8)
    #expect(history.levels.map(\.folded) == [Self.bytes("abc"), Self.bytes("abcd")], "4 + 3 + 2 > 8")
    history.push(Self.bytes("abcd"), matches: [2], limit: 8)
    #expect(history.levels.last?.matches == [2], "the same query again replaces its answer")
    #expect(history.levels.count == 2)
  }

  @Test func answersKeptInTheHistoryHoldNoRoomToSpare() {
    let names = FoldedNames(names: (0..<20_000).map { $0 % 100 == 0 ? "needle \($0)" : "hay \($0)" })
    for query in ["needle", "hay", "1"] {
      let found = names.search(Array(query.utf8), among: nil, isCancelled: { false })!
      #expect(
        found.capacity <= found.count + found.count / 4 + 64, "\(query): \(found.count) in \(found.capacity)")
    }
  }
}
