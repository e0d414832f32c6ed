/// Sorts ranges of an order of items by a key per item, stably: a least-significant-byte radix sort
/// that skips the bytes on which every key of the range agrees; a short range is insertion-sorted.
struct RadixSorter<Key: FixedWidthInteger & UnsignedInteger> {
  /// The items, `0..<count` at first, in the order sorted so far.
  private(set) var order: [Int32]
  /// The key of the item at each position of the range last sorted.
  private var keys: [Key]
  private var scratchOrder: [Int32]
  private var scratchKeys: [Key]

  /// A sorter of the items `0..<count`, in that order.
  init(count: Int) {
    order = (0..<Int32(count)).map { $0 }
    keys = [Key](repeating: 0, count: count)
    scratchOrder = order
    scratchKeys = keys
  }

  /// Sorts the items at the positions `range` by `key`, keeping the order of items with equal keys.
  mutating func sort(_ range: Range<Int>, by key: (Int32) -> Key) {
    order.withUnsafeMutableBufferPointer { order in
      keys.withUnsafeMutableBufferPointer { keys in
        scratchOrder.withUnsafeMutableBufferPointer { scratchOrder in
          scratchKeys.withUnsafeMutableBufferPointer { scratchKeys in
            for position in range { keys[position] = key(order[position]) }
            if range.count > 32 {
              Self.radixSort(range, order, keys, scratchOrder, scratchKeys)
            } else {
              Self.insertionSort(range, order, keys)
            }
          }
        }
      }
    }
  }

  /// Calls `body` with each run of two or more positions in `range`, just sorted, whose keys are
  /// equal, and their key.
  func forEachRunOfEqualKeys(in range: Range<Int>, _ body: (Range<Int>, Key) -> Void) {
    var runStart = range.lowerBound
    for position in range {
      let next = position + 1
      guard next == range.upperBound || keys[next] != keys[runStart] else { continue }
      if next - runStart > 1 { body(runStart..<next, keys[runStart]) }
      runStart = next
    }
  }

  private static func radixSort(
    _ range: Range<Int>, _ order: UnsafeMutableBufferPointer<Int32>, _ keys: UnsafeMutableBufferPointer<Key>,
    _ scratchOrder: UnsafeMutableBufferPointer<Int32>, _ scratchKeys: UnsafeMutableBufferPointer<Key>
  ) {
    var counts = [Int](repeating: 0, count: 256)
    for shift in stride(from: 0, to: Key.bitWidth, by: 8) {
      for index in counts.indices { counts[index] = 0 }
      for position in range { counts[Int(truncatingIfNeeded: keys[position] >> shift) & 0xFF] += 1 }
      if counts.contains(range.count) { continue }
      var total = range.lowerBound
      for digit in counts.indices {
        let here = counts[digit]
        counts[digit] = total
        total += here
      }
      for position in range {
        let digit = Int(truncatingIfNeeded: keys[position] >> shift) & 0xFF
        scratchOrder[counts[digit]] = order[position]
        scratchKeys[counts[digit]] = keys[position]
        counts[digit] += 1
      }
      for position in range {
        order[position] = scratchOrder[position]
        keys[position] = scratchKeys[position]
      }
    }
  }

  private static func insertionSort(
    _ range: Range<Int>, _ order: UnsafeMutableBufferPointer<Int32>, _ keys: UnsafeMutableBufferPointer<Key>
  ) {
    for position in range.dropFirst() {
      let movingItem = order[position]
      let movingKey = keys[position]
      var hole = position
      while hole > range.lowerBound, keys[hole - 1] > movingKey {
        order[hole] = order[hole - 1]
        keys[hole] = keys[hole - 1]
        hole -= 1
      }
      order[hole] = movingItem
      keys[hole] = movingKey
    }
  }
}
