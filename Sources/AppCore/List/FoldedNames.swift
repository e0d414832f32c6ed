import Shop

/// Every catalog name folded by ``NameFolder`` into one contiguous buffer, with where each begins:
/// what the filter searches. Built once per catalog and never changed, so any thread may read it.
final class FoldedNames: Sendable {
  /// The folded names in catalog order, each followed by a zero byte. Neither a name nor a query
  /// holds one (controls are refused), so no match spans two names.
  let bytes: [UInt8]
  /// Where each name begins in ``bytes``; one more entry than there are names, the end.
  let starts: [UInt32]
  /// Where in ``bytes`` no match may begin or end: inside a scalar that folded to several (`ß` to `ss`).
  let innerEdges: InnerEdges
  /// Each name's ``ByteSignature``.
  let signatures: [UInt64]

  /// Folds `names`, in order.
  convenience init(names: some Collection<String>) {
    var names = Array(names)
    self.init(count: names.count, byteCount: names.reduce(0) { $0 + $1.utf8.count }) { index, body in
      names[index].withUTF8(body)
    }
  }

  /// Folds the names of `items`, in order, from their UTF-8.
  convenience init(items: CatalogItems) {
    self.init(count: items.count, byteCount: items.nameByteCount) { index, body in
      items.withNameUTF8(at: index, body)
    }
  }

  /// Folds `count` names of `byteCount` bytes in all, whose UTF-8 `withName` hands over by index.
  private init(
    count: Int, byteCount: Int, withName: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) {
    var folder = NameFolder()
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    var inner: [UInt32] = []
    var expanded: [UInt32] = []
    var innerEdges = InnerEdges(count: count)
    starts.reserveCapacity(count + 1)
    // Folding rarely lengthens a name (ŉ to ʼn does): room for every name and its zero byte, so that
    // the buffer is not grown, which for a moment holds it twice.
    bytes.reserveCapacity(byteCount + count + 4096)
    for index in 0..<count {
      starts.append(UInt32(bytes.count))
      let start = bytes.count
      withName(index) { folder.fold(utf8: $0, into: &bytes, inner: &inner, expanded: &expanded) }
      if !inner.isEmpty {
        innerEdges.add(
          inner, forName: index, plainSignature: Self.signature(of: bytes[start...], apartFrom: expanded))
        inner.removeAll(keepingCapacity: true)
        expanded.removeAll(keepingCapacity: true)
      }
      bytes.append(0)
    }
    innerEdges.finish()
    starts.append(UInt32(bytes.count))
    var signatures = [UInt64](repeating: 0, count: count)
    for index in signatures.indices {
      signatures[index] = ByteSignature.of(bytes[Int(starts[index])..<Int(starts[index + 1])])
    }
    self.bytes = bytes
    self.starts = starts
    self.innerEdges = innerEdges
    self.signatures = signatures
  }

  /// How many names.
  var count: Int { starts.count - 1 }

  /// The ``ByteSignature`` of `name` without the bytes in the ranges `expanded` (start and end pairs,
  /// counted in the buffer `name` is a slice of).
  private static func signature(of name: ArraySlice<UInt8>, apartFrom expanded: [UInt32]) -> UInt64 {
    var plain = name
    for pair in stride(from: 0, to: expanded.count, by: 2) {
      for position in Int(expanded[pair])..<Int(expanded[pair + 1]) { plain[position] = 0 }
    }
    return ByteSignature.of(plain)
  }

  /// The folded bytes of name `index`, without its zero byte.
  func name(_ index: Int) -> ArraySlice<UInt8> {
    bytes[Int(starts[index])..<(Int(starts[index + 1]) - 1)]
  }

  /// About how many bytes a search among `candidates` (all names when `nil`) reads: what decides
  /// whether it may run on the main queue.
  func searchCost(among candidates: [Int32]?) -> Int {
    guard let candidates else { return bytes.count }
    return min(bytes.count, candidates.count * (bytes.count / max(1, count) + 16))
  }

  /// The indices, ascending, of the names among `candidates` (all when `nil`; ascending too) that
  /// contain `query`, a folded query; `nil` when `isCancelled` says to stop first. An empty query (a
  /// text of combining marks alone) matches nothing.
  ///
  /// Every candidate that contains `query` is found, so `candidates` may be any superset of the
  /// answer, such as the matches of a prefix of the query.
  func search(_ query: [UInt8], among candidates: [Int32]?, isCancelled: () -> Bool) -> [Int32]? {
    guard !query.isEmpty else { return [] }
    return bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        signatures.withUnsafeBufferPointer { signatures in
          innerEdges.withView { innerEdges in
            query.withUnsafeBufferPointer { query in
              NameSearch(
                bytes: bytes, starts: starts, signatures: signatures, innerEdges: innerEdges, query: query
              ).run(among: candidates, isCancelled: isCancelled)
            }
          }
        }
      }
    }
  }
}
