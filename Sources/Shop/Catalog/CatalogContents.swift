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

  /// Adds `item` (with quantity 1) and its description.
  mutating func add(_ item: ShoppingItem, description: String?) {
    items.append(item)
    descriptions.append(description, itemIndex: items.count - 1)
  }
}
