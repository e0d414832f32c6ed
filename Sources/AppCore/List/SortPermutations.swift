import Shop

/// The catalog's indices in name and in price order, each computed once for the whole catalog; both
/// orders are stable, so equal keys keep catalog order. Both are radix sorts, linear in the items.
enum SortPermutations {
  /// The indices of `names` ordered by their folded bytes (so case and accents are ignored as the
  /// filter ignores them), shorter first where one is a prefix of the other, then by index.
  ///
  /// Most significant eight bytes first: every name is sorted by its first eight bytes; each run of
  /// names that tie on them and go on is sorted again by the next eight, and so on.
  static func byName(_ names: FoldedNames) -> [Int32] {
    var keyed = (0..<names.count).map { KeyedItem(key: 0, item: Int32($0)) }
    var scratch = keyed
    names.bytes.withUnsafeBufferPointer { bytes in
      names.starts.withUnsafeBufferPointer { starts in
        keyed.withUnsafeMutableBufferPointer { keyed in
          scratch.withUnsafeMutableBufferPointer { scratch in
            var runs = [(range: 0..<keyed.count, depth: 0)]
            while let (range, depth) = runs.popLast() {
              for position in range {
                keyed[position].key = key(of: Int(keyed[position].item), at: depth * 8, bytes, starts)
              }
              sortByKey(keyed, range, scratch: scratch)
              var runStart = range.lowerBound
              for position in range {
                let next = position + 1
                guard next == range.upperBound || keyed[next].key != keyed[runStart].key else { continue }
                // A key whose last byte is not zero: the names of the run go on past these eight bytes.
                if next - runStart > 1, keyed[runStart].key & 0xFF != 0 {
                  runs.append((runStart..<next, depth + 1))
                }
                runStart = next
              }
            }
          }
        }
      }
    }
    return keyed.map(\.item)
  }

  /// The indices of `items` ordered by price, then by index. Prices are never negative (the catalog
  /// refuses them).
  static func byPrice(_ items: [ShoppingItem]) -> [Int32] {
    var keyed = items.indices.map { KeyedItem(key: UInt64(items[$0].price), item: Int32($0)) }
    var scratch = keyed
    keyed.withUnsafeMutableBufferPointer { keyed in
      scratch.withUnsafeMutableBufferPointer { scratch in
        sortByKey(keyed, 0..<keyed.count, scratch: scratch)
      }
    }
    return keyed.map(\.item)
  }

  /// Sorts `keyed[range]` by key, stably (equal keys keep their order): a least-significant-byte
  /// radix sort that skips the bytes on which every key agrees; a short range is insertion-sorted.
  private static func sortByKey(
    _ keyed: UnsafeMutableBufferPointer<KeyedItem>, _ range: Range<Int>,
    scratch: UnsafeMutableBufferPointer<KeyedItem>
  ) {
    guard range.count > 32 else {
      for position in range.dropFirst() {
        let moving = keyed[position]
        var hole = position
        while hole > range.lowerBound, keyed[hole - 1].key > moving.key {
          keyed[hole] = keyed[hole - 1]
          hole -= 1
        }
        keyed[hole] = moving
      }
      return
    }
    var counts = [Int](repeating: 0, count: 256)
    var source = keyed
    var target = scratch
    for shift in stride(from: UInt64(0), to: 64, by: 8) {
      for index in counts.indices { counts[index] = 0 }
      for position in range { counts[Int((source[position].key >> shift) & 0xFF)] += 1 }
      if counts.contains(range.count) { continue }
      var total = range.lowerBound
      for digit in counts.indices {
        let here = counts[digit]
        counts[digit] = total
        total += here
      }
      for position in range {
        let digit = Int((source[position].key >> shift) & 0xFF)
        target[counts[digit]] = source[position]
        counts[digit] += 1
      }
      swap(&source, &target)
    }
    if source.baseAddress != keyed.baseAddress {
      for position in range { keyed[position] = source[position] }
    }
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

  /// An item and its sort key.
  private struct KeyedItem {
    var key: UInt64
    var item: Int32
  }
}
