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

  /// Empty contents with room for about `expectedCount` items.
  init(expectedCount: Int) {
    items = CatalogItems(reservingCapacity: expectedCount)
    idEntries.reserveCapacity(expectedCount)
    HugePages.advise(capacityOf: &idEntries)
  }

  /// Hands the id index its entries, leaving none here, so that sorting them copies nothing.
  mutating func takeIDEntries() -> [UInt64] {
    var taken: [UInt64] = []
    swap(&taken, &idEntries)
    return taken
  }

  /// Adds `other`'s items and descriptions after these, as if they had been added one by one.
  mutating func append(contentsOf other: consuming CatalogContents) {
    descriptions.append(contentsOf: other.descriptions, after: items.count, adding: other.items.count)
    let shift = UInt64(items.count)
    idEntries.reserveCapacity(idEntries.count + other.idEntries.count)
    // A loop, not `append(contentsOf:)` of a lazy map, which takes seven times as long.
    for entry in other.idEntries { idEntries.append(entry + shift) }
    items.append(contentsOf: other.items)
  }

  /// Adds `item` (with quantity 1) and its description.
  mutating func add(_ item: ShoppingItem, description: String?) {
    items.append(item)
    idEntries.append(CatalogIDIndex.entry(id: item.id, position: items.count - 1))
    descriptions.append(description, itemIndex: items.count - 1)
  }
}
