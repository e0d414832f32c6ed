/// One search of ``FoldedNames`` for one folded query, on the buffers' memory: each name's signature
/// first, then, where it may hold the query, the name's bytes.
struct NameSearch {
  /// The folded names, each followed by a zero byte.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each name begins; one more than there are names.
  let starts: UnsafeBufferPointer<UInt32>
  /// Each name's ``ByteSignature``.
  let signatures: UnsafeBufferPointer<UInt64>
  /// Where no match may begin or end.
  let innerEdges: InnerEdges.View
  /// The folded query, not empty.
  let query: UnsafeBufferPointer<UInt8>

  /// How many names between two looks at the cancellation flag.
  private static let cancellationStride = 1 << 15

  /// The names among `candidates` (ascending; all when `nil`) that hold the query; `nil` if
  /// `isCancelled` said to stop.
  func run(among candidates: [Int32]?, isCancelled: () -> Bool) -> [Int32]? {
    let signature = ByteSignature.of(query)
    let isExact = ByteSignature.isExact(query)
    var found: [Int32] = []
    let count = candidates?.count ?? (starts.count - 1)
    var checked = 0
    while checked < count {
      if isCancelled() { return nil }
      let stop = min(count, checked + Self.cancellationStride)
      if let candidates {
        for position in checked..<stop {
          let item = Int(candidates[position])
          if signatures[item] & signature == signature,
            isExact && isWhole(item, signature) || holdsQuery(item)
          {
            found.append(Int32(item))
          }
        }
      } else {
        for item in checked..<stop
        where signatures[item] & signature == signature
          && (isExact && isWhole(item, signature) || holdsQuery(item))
        {
          found.append(Int32(item))
        }
      }
      checked = stop
    }
    // The answer is kept (in the filter's history): no room left over from growing it.
    guard found.capacity > found.count + found.count / 4 + 64 else { return found }
    return found.withUnsafeBufferPointer { Array($0) }
  }

  /// Whether name `item` holds the query, beginning and ending on the edges of folded scalars.
  private func holdsQuery(_ item: Int) -> Bool {
    let first = query[0]
    var start = Int(starts[item])
    let last = Int(starts[item + 1]) - 1 - query.count
    while start <= last {
      if bytes[start] == first, holdsRest(at: start), edgesAllowMatch(at: start, in: item) { return true }
      start += 1
    }
    return false
  }

  @inline(__always)
  private func holdsRest(at start: Int) -> Bool {
    var offset = 1
    while offset < query.count {
      guard bytes[start + offset] == query[offset] else { return false }
      offset += 1
    }
    return true
  }

  @inline(__always)
  private func edgesAllowMatch(at start: Int, in item: Int) -> Bool {
    !innerEdges.hasAny(item) || !innerEdges.forbid(start: start, end: start + query.count, in: item)
  }

  /// Whether name `item`, whose signature has the one byte of an exact query's `signature`, holds
  /// that byte whole: outside any scalar that folded to several.
  @inline(__always)
  private func isWhole(_ item: Int, _ signature: UInt64) -> Bool {
    !innerEdges.hasAny(item) || innerEdges.plainSignature(of: item) & signature != 0
  }
}
