/// The position of every catalog item by id: an open-addressing hash table of 8-byte slots, built in
/// one pass over the ids sorted by hash.
///
/// A slot holds the upper 32 bits of the id's hash (which also choose its bucket) and the item's
/// position plus one; 0 is an empty slot. Ids are compared (with `String`'s `==`, so canonically
/// equivalent ids are the same id, as in a `Dictionary`) only when those 32 bits match. The hash is
/// the standard library's seeded `Hasher`, so a crafted catalog cannot make lookups collide.
///
/// Inserting a million ids one by one costs a cache miss each; sorting them by hash first (a radix
/// sort, in sequential passes) and then filling the table from left to right costs a fraction of
/// that. About 16 MB for 1,000,000 items, where a `[String: Int32]` takes about 40 MB.
struct CatalogIDIndex: Sendable {
  /// Two items with equal ids.
  struct Repeat: Error, Equatable {
    /// The position of the later item: the first position at which an id repeats.
    let position: Int
    /// The position of the first item with that id.
    let firstPosition: Int
  }

  private let slots: [UInt64]
  private let bits: Int

  /// Indexes the ids of `items`, whose `entry(id:position:)` values, in order, are `entries`, or
  /// with `sorted`, those values already sorted (`sortedByTag`); throws the earliest repeated id
  /// instead.
  init(_ items: CatalogItems, entries: consuming [UInt64], sorted: Bool = false) throws(Repeat) {
    precondition(entries.count == items.count, "an entry per item")
    var bits = 4
    while 1 << bits < items.count * 2 { bits += 1 }
    self.bits = bits
    let sorted = sorted ? entries : Self.sortedByTag(entries)
    if let firstRepeat = Self.firstRepeat(in: sorted, items: items) { throw firstRepeat }
    slots = Self.table(of: sorted, bits: bits)
  }

  /// The position of the item with this id in `items`, the array the index was built from.
  func position(of id: String, in items: CatalogItems) -> Int? {
    let tag = Self.tag(of: id)
    let mask = slots.count - 1
    var bucket = Int(tag >> (32 - bits))
    while true {
      let slot = slots[bucket]
      if slot == 0 { return nil }
      if UInt32(truncatingIfNeeded: slot >> 32) == tag {
        let existing = Int(UInt32(truncatingIfNeeded: slot)) - 1
        if items.id(at: existing) == id { return existing }
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// The index's entry for the item at `position` with this id: `tag << 32 | position + 1`.
  static func entry(id: String, position: Int) -> UInt64 {
    UInt64(tag(of: id)) << 32 | UInt64(position + 1)
  }

  /// `entries` sorted by tag and, among equal tags, by position (a stable least-significant-digit
  /// radix sort on the tag's four bytes): that is, sorted as numbers.
  static func sortedByTag(_ entries: consuming [UInt64]) -> [UInt64] {
    // `Array(unsafeUninitializedCapacity: 0)` stores its count of 0 into the one empty array the whole
    // process shares, a write ThreadSanitizer reports as a race with any thread reading an empty array.
    if entries.isEmpty { return [] }
    var entries = entries
    // Every slot is written by each pass before it is read.
    var scratch = [UInt64](unsafeUninitializedCapacity: entries.count) { buffer, count in
      HugePages.advise(buffer.baseAddress!, byteCount: buffer.count * 8)
      count = entries.count
    }
    // One pass counts all four digits; then four passes of one byte each place the entries: 256 runs
    // written at once stay within the cache and the TLB. Through buffer pointers, as an array's
    // subscript checks its bounds and its uniqueness at every write.
    var starts = [Int](repeating: 0, count: 4 * 256)
    starts.withUnsafeMutableBufferPointer { starts in
      entries.withUnsafeBufferPointer { entries in
        for entry in entries {
          starts[Int(entry >> 32 & 0xFF)] += 1
          starts[256 + Int(entry >> 40 & 0xFF)] += 1
          starts[512 + Int(entry >> 48 & 0xFF)] += 1
          starts[768 + Int(entry >> 56)] += 1
        }
      }
      for pass in 0..<4 {
        var total = 0
        for digit in (pass * 256)..<(pass * 256 + 256) {
          let count = starts[digit]
          starts[digit] = total
          total += count
        }
      }
    }
    for pass in 0..<4 {
      let shift = UInt64(32 + 8 * pass)
      starts.withUnsafeMutableBufferPointer { starts in
        let next = UnsafeMutableBufferPointer(rebasing: starts[(pass * 256)..<(pass * 256 + 256)])
        entries.withUnsafeBufferPointer { source in
          scratch.withUnsafeMutableBufferPointer { target in
            for entry in source {
              let digit = Int(entry >> shift & 0xFF)
              target[next[digit]] = entry
              next[digit] += 1
            }
          }
        }
      }
      swap(&entries, &scratch)
    }
    return entries
  }

  /// Two runs of sorted entries (`sortedByTag`) merged into one, the second's positions moved on by
  /// `shift`, which puts each of them after every position of the first.
  static func merged(_ first: [UInt64], _ second: [UInt64], shiftingSecondBy shift: UInt64) -> [UInt64] {
    let total = first.count + second.count
    // As in `sortedByTag`: an empty array is never made with `unsafeUninitializedCapacity`.
    if total == 0 { return [] }
    return [UInt64](unsafeUninitializedCapacity: total) { merged, count in
      HugePages.advise(merged.baseAddress!, byteCount: total * 8)
      first.withUnsafeBufferPointer { first in
        second.withUnsafeBufferPointer { second in
          var (next, nextOfFirst, nextOfSecond) = (0, 0, 0)
          while nextOfFirst < first.count && nextOfSecond < second.count {
            let fromFirst = first[nextOfFirst]
            let fromSecond = second[nextOfSecond] + shift
            if fromFirst < fromSecond {
              merged[next] = fromFirst
              nextOfFirst += 1
            } else {
              merged[next] = fromSecond
              nextOfSecond += 1
            }
            next += 1
          }
          for entry in first[nextOfFirst...] {
            merged[next] = entry
            next += 1
          }
          for entry in second[nextOfSecond...] {
            merged[next] = entry + shift
            next += 1
          }
        }
      }
      count = total
    }
  }

  /// The earliest position at which an id repeats, among runs of equal tags (which hold every repeat).
  private static func firstRepeat(in sorted: [UInt64], items: CatalogItems) -> Repeat? {
    guard sorted.count > 1 else { return nil }
    var earliest: Repeat?
    var runStart = 0
    for index in 1...sorted.count {
      guard index == sorted.count || sorted[index] >> 32 != sorted[runStart] >> 32 else { continue }
      if index - runStart > 1 {
        for later in (runStart + 1)..<index {
          let position = Int(UInt32(truncatingIfNeeded: sorted[later])) - 1
          guard earliest.map({ position < $0.position }) ?? true else { continue }
          for earlier in runStart..<later {
            let firstPosition = Int(UInt32(truncatingIfNeeded: sorted[earlier])) - 1
            if items.id(at: firstPosition) == items.id(at: position) {
              earliest = Repeat(position: position, firstPosition: firstPosition)
              break
            }
          }
        }
      }
      runStart = index
    }
    return earliest
  }

  /// The table, filled from the left in order of bucket: each entry goes to its bucket or the first
  /// free slot after it, as inserting it would have put it; entries that run past the end wrap
  /// around to the first free slots.
  private static func table(of sorted: [UInt64], bits: Int) -> [UInt64] {
    var slots = [UInt64](unsafeUninitializedCapacity: 1 << bits) { buffer, count in
      HugePages.advise(buffer.baseAddress!, byteCount: buffer.count * 8)
      buffer.initialize(repeating: 0)
      count = buffer.count
    }
    var next = 0
    var wrapped: [UInt64] = []
    for entry in sorted {
      let bucket = Int(UInt32(truncatingIfNeeded: entry >> 32) >> (32 - bits))
      let slot = max(bucket, next)
      guard slot < slots.count else {
        wrapped.append(entry)
        continue
      }
      slots[slot] = entry
      next = slot + 1
    }
    var free = 0
    for entry in wrapped {
      while slots[free] != 0 { free += 1 }
      slots[free] = entry
    }
    return slots
  }

  private static func tag(of id: String) -> UInt32 {
    var hasher = Hasher()
    hasher.combine(id)
    return UInt32(truncatingIfNeeded: UInt(bitPattern: hasher.finalize()) >> (UInt.bitWidth - 32))
  }
}
