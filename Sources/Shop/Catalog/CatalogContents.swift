/// What a catalog is made of while it is being built: items in order and their descriptions, kept in
/// step; the id index is built from them at the end.
struct CatalogContents: Sendable {
  /// The currency, once known.
  var currency = ""
  private(set) var items: CatalogItems = []
  private(set) var descriptions = CatalogDescriptions()
  /// Per item, in order, its id's hash tag and position for the id index (`CatalogIDIndex.entry`):
  /// hashed as the item is added, so that on two cores each half hashes its own ids.
  private(set) var idEntries: [UInt64] = []
  /// Whether `idEntries` are sorted as the id index needs them (`CatalogIDIndex.sortedByTag`); adding
  /// an item unsorts them.
  private(set) var idEntriesAreSorted = false

  /// Empty contents with room for about `expectedCount` items whose names take `nameBytes` bytes.
  init(expectedCount: Int, nameBytes: Int = 0) {
    items = CatalogItems(reservingCapacity: expectedCount, nameBytes: nameBytes)
    idEntries.reserveCapacity(expectedCount)
    HugePages.advise(capacityOf: &idEntries)
  }

  /// Hands the id index its entries, leaving none here, so that sorting them copies nothing.
  mutating func takeIDEntries() -> [UInt64] {
    var taken: [UInt64] = []
    swap(&taken, &idEntries)
    idEntriesAreSorted = false
    return taken
  }

  /// Sorts the id entries for the index, here rather than when the index is built: on two cores, each
  /// half sorts its own, and the index gets them merged.
  mutating func sortIDEntries() {
    guard !idEntriesAreSorted else { return }
    idEntries = CatalogIDIndex.sortedByTag(takeIDEntries())
    idEntriesAreSorted = true
  }

  /// Adds `other`'s items and descriptions after these, as if they had been added one by one. When
  /// both hold sorted id entries, the result's are their merge, sorted.
  mutating func append(contentsOf other: consuming CatalogContents) {
    descriptions.append(contentsOf: other.descriptions, after: items.count, adding: other.items.count)
    let shift = UInt64(items.count)
    if idEntriesAreSorted && other.idEntriesAreSorted {
      idEntries = CatalogIDIndex.merged(takeIDEntries(), other.takeIDEntries(), shiftingSecondBy: shift)
      idEntriesAreSorted = true
    } else {
      idEntries.reserveCapacity(idEntries.count + other.idEntries.count)
      // A loop, not `append(contentsOf:)` of a lazy map, which takes seven times as long.
      for entry in other.idEntries { idEntries.append(entry + shift) }
      idEntriesAreSorted = false
    }
    items.append(contentsOf: other.items)
  }

  /// Adds `item` (with quantity 1) and its description.
  mutating func add(_ item: ShoppingItem, description: String?) {
    items.append(item)
    added(id: item.id, description: description)
  }

  /// Adds an item from its id, the UTF-8 of its name, its price and its description.
  mutating func add(id: String, name: UnsafeBufferPointer<UInt8>, price: Int, description: String?) {
    items.append(id: id, name: name, price: price)
    added(id: id, description: description)
  }

  /// Keeps the id entries and descriptions in step with the item just added.
  private mutating func added(id: String, description: String?) {
    idEntriesAreSorted = false
    idEntries.append(CatalogIDIndex.entry(id: id, position: items.count - 1))
    descriptions.append(description, itemIndex: items.count - 1)
  }
}
