/// What a catalog is made of while it is being built: items in order and their descriptions, kept in
/// step; the id index is built from them at the end.
struct CatalogContents: Sendable {
  /// The currency, once known.
  var currency = ""
  private(set) var items: [ShoppingItem] = []
  private(set) var descriptions = CatalogDescriptions()

  /// Empty contents with room for about `expectedCount` items.
  init(expectedCount: Int) {
    items.reserveCapacity(expectedCount)
    HugePages.advise(capacityOf: &items)
  }

  /// Adds `other`'s items and descriptions after these, as if they had been added one by one.
  mutating func append(contentsOf other: consuming CatalogContents) {
    descriptions.append(contentsOf: other.descriptions, after: items.count, adding: other.items.count)
    items.append(contentsOf: other.items)
  }

  /// Adds `item` (with quantity 1) and its description.
  mutating func add(_ item: ShoppingItem, description: String?) {
    items.append(item)
    descriptions.append(description, itemIndex: items.count - 1)
  }
}
