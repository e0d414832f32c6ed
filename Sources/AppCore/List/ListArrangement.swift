/// What the item list shows for a set of matches in an order, and where an item is in it.
enum ListArrangement {
  /// The catalog indices to show: `matches` (ascending; `nil` for all) in `order`, whose permutation
  /// `index` must have built. In catalog order that is `matches` itself; otherwise one pass over the
  /// permutation keeps the matches, in linear time whatever their number.
  static func shown(_ matches: [Int32]?, in order: ListOrder, index: ListIndex) -> [Int32]? {
    guard let permutation = index.permutationIfReady(order) else {
      precondition(order == .catalog, "the \(order) order is not built")
      return matches
    }
    guard let matches else { return permutation }
    if matches.count == permutation.count { return permutation }
    var isMatch = [UInt64](repeating: 0, count: (permutation.count + 63) / 64)
    for item in matches { isMatch[Int(item) >> 6] |= 1 << (UInt64(item) & 63) }
    var shown: [Int32] = []
    shown.reserveCapacity(matches.count)
    for item in permutation where isMatch[Int(item) >> 6] & (1 << (UInt64(item) & 63)) != 0 {
      shown.append(item)
    }
    return shown
  }

  /// The list position of the catalog item `catalogIndex` in what `list` shows, if it is shown: a
  /// binary search in catalog order, a linear one otherwise.
  static func position(of catalogIndex: Int, in list: ListState) -> Int? {
    guard let shown = list.shown else {
      return catalogIndex < list.index.count ? catalogIndex : nil
    }
    let target = Int32(catalogIndex)
    guard list.order == .catalog else { return shown.firstIndex(of: target) }
    return position(of: target, inAscending: shown)
  }

  /// Where `item` is in `sorted`, ascending, if it is there: a binary search.
  static func position(of item: Int32, inAscending sorted: [Int32]) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < item { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == item ? low : nil
  }
}
