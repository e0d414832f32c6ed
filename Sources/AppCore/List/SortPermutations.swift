import Shop

/// The catalog's indices in name and in price order, each computed once for the whole catalog; both
/// orders are stable, so equal keys keep catalog order. Both are radix sorts, linear in the items,
/// holding the order, one key per item and a scratch copy of each while they run.
enum SortPermutations {
  /// The indices of `names` ordered by their folded bytes (so case and accents are ignored as the
  /// filter ignores them), shorter first where one is a prefix of the other, then by index.
  ///
  /// Most significant eight bytes first: every name is sorted by its first eight bytes; each run of
  /// names that tie on them and go on is sorted again by the next eight, and so on.
  static func byName(_ names: FoldedNames) -> [Int32] {
    var sorter = RadixSorter<UInt64>(count: names.count)
    names.bytes.withUnsafeBufferPointer { bytes in
      names.starts.withUnsafeBufferPointer { starts in
        var runs = [(range: 0..<names.count, depth: 0)]
        while let (range, depth) = runs.popLast() {
          sorter.sort(range) { key(of: Int($0), at: depth * 8, bytes, starts) }
          sorter.forEachRunOfEqualKeys(in: range) { run, key in
            // A key whose last byte is not zero: the names of the run go on past these eight bytes.
            if key & 0xFF != 0 { runs.append((run, depth + 1)) }
          }
        }
      }
    }
    return sorter.order
  }

  /// The indices of `items` ordered by price, then by index. Prices are never negative, and below
  /// 2^32 (the catalog refuses others).
  static func byPrice(_ items: CatalogItems) -> [Int32] {
    // The prices in one array first: each pass of the sort reads them in its own order.
    let prices = items.indices.map { UInt32(truncatingIfNeeded: items.price(at: $0)) }
    var sorter = RadixSorter<UInt32>(count: items.count)
    prices.withUnsafeBufferPointer { prices in
      sorter.sort(0..<prices.count) { prices[Int($0)] }
    }
    return sorter.order
  }

  /// Eight bytes of name `item` from `offset`, big-endian, zero past its end (no name holds a zero).
  private static func key(
    of item: Int, at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>
  ) -> UInt64 {
    let start = Int(starts[item]) + offset
    let end = Int(starts[item + 1]) - 1
    var key: UInt64 = 0
    for position in start..<(start + 8) {
      key = key << 8 | (position < end ? UInt64(bytes[position]) : 0)
    }
    return key
  }
}
