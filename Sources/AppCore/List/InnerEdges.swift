/// The positions in the folded names where no match may begin or end (inside a scalar that folded to
/// several, such as between the two `s` of a folded `ß`), found per name in constant time.
///
/// Few names have any, so the positions are kept once, in order, with a bit per name saying whether
/// it has some, a count of the flagged names before each 64 of them, and where each flagged name's
/// positions begin: about a quarter of a megabyte at 1,000,000 names of which one in 24 has a `ß`.
struct InnerEdges: Sendable {
  /// Every such position, ascending.
  private(set) var positions: [UInt32] = []
  /// One bit per name: set when it has positions.
  private var flags: [UInt64]
  /// The flagged names before each word of `flags`.
  private var flaggedBefore: [UInt32] = []
  /// Where in `positions` each flagged name's begin, in name order, and then the end.
  private var firsts: [UInt32] = []
  /// The ``ByteSignature`` of each flagged name's bytes outside its expanded scalars: a one-byte query
  /// found there is found whole, whatever the edges.
  private var plainSignatures: [UInt64] = []

  /// Room for `count` names, none with positions yet.
  init(count: Int) {
    flags = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  /// Adds name `item`'s positions, `added` (not empty), and the signature of its bytes outside the
  /// scalars they are inside of: names are added in order, each at most once.
  mutating func add(_ added: some Collection<UInt32>, forName item: Int, plainSignature: UInt64) {
    flags[item >> 6] |= 1 << UInt64(item & 63)
    firsts.append(UInt32(positions.count))
    positions.append(contentsOf: added)
    plainSignatures.append(plainSignature)
  }

  /// Ends the adding: counts the flagged names before each word.
  mutating func finish() {
    firsts.append(UInt32(positions.count))
    var total: UInt32 = 0
    flaggedBefore = flags.map { word in
      defer { total += UInt32(word.nonzeroBitCount) }
      return total
    }
  }

  /// Calls `body` with a view of the edges on their memory, for a search.
  func withView<Result>(_ body: (View) -> Result) -> Result {
    positions.withUnsafeBufferPointer { positions in
      flags.withUnsafeBufferPointer { flags in
        flaggedBefore.withUnsafeBufferPointer { flaggedBefore in
          firsts.withUnsafeBufferPointer { firsts in
            plainSignatures.withUnsafeBufferPointer { plainSignatures in
              body(
                View(
                  positions: positions, flags: flags, flaggedBefore: flaggedBefore, firsts: firsts,
                  plainSignatures: plainSignatures))
            }
          }
        }
      }
    }
  }

  /// The edges on their memory.
  struct View {
    let positions: UnsafeBufferPointer<UInt32>
    let flags: UnsafeBufferPointer<UInt64>
    let flaggedBefore: UnsafeBufferPointer<UInt32>
    let firsts: UnsafeBufferPointer<UInt32>
    let plainSignatures: UnsafeBufferPointer<UInt64>

    /// Whether name `item` has any positions.
    @inline(__always)
    func hasAny(_ item: Int) -> Bool {
      flags[item >> 6] & (1 << UInt64(item & 63)) != 0
    }

    /// Whether a match from `start` to `end` in name `item`, which ``hasAny(_:)``, begins or ends on one.
    func forbid(start: Int, end: Int, in item: Int) -> Bool {
      let rank = self.rank(of: item)
      for index in Int(firsts[rank])..<Int(firsts[rank + 1]) {
        let position = Int(positions[index])
        if position == start || position == end { return true }
      }
      return false
    }

    /// The signature of name `item`'s bytes outside its expanded scalars; `item` ``hasAny(_:)``.
    func plainSignature(of item: Int) -> UInt64 {
      plainSignatures[rank(of: item)]
    }

    /// How many flagged names come before `item`.
    private func rank(of item: Int) -> Int {
      let word = item >> 6
      let below = flags[word] & ((1 << UInt64(item & 63)) - 1)
      return Int(flaggedBefore[word]) + below.nonzeroBitCount
    }
  }
}
