/// The items on sale, in one currency, looked up by id, with an optional description for each.
///
/// Built only from validated input: ids unique, non-empty and at most `maximumIDLength` characters;
/// names non-empty and at most `maximumNameLength`; descriptions, where there are any, non-empty and
/// at most `maximumDescriptionLength`; prices in `0...maximumPrice`; nothing `UntrustedText` escapes
/// (controls, bidirectional controls, line and paragraph separators) in any of them. Lengths count
/// Unicode scalars.
public struct Catalog: Sendable, Equatable {
  /// Most items a catalog may hold.
  public static let maximumItemCount = 1_000_000
  /// Largest catalog file, in bytes: 256 MiB, room for 1,000,000 items with long names and
  /// descriptions. A larger file is refused before it is read.
  public static let maximumFileSize = 256 << 20
  /// Highest price of one unit, in minor units.
  public static let maximumPrice = 100_000_000
  /// Longest id, in Unicode scalars.
  public static let maximumIDLength = 100
  /// Longest name, in Unicode scalars.
  public static let maximumNameLength = 200
  /// Longest description, in Unicode scalars.
  public static let maximumDescriptionLength = 2_000

  /// The currency of every price, three capital letters such as "EUR".
  public let currency: String
  /// The items in catalog order, each with quantity 1.
  public let items: CatalogItems
  private let index: CatalogIDIndex
  private let descriptions: CatalogDescriptions

  /// Validates and creates a catalog; `source` names where it came from in errors.
  ///
  /// `descriptions` maps item ids to their descriptions; every key must be the id of one of `items`.
  public init(
    currency: String, items: [ShoppingItem], descriptions: [String: String] = [:], source: String = "catalog"
  ) throws(CatalogError) {
    var validator = CatalogValidator(source: source)
    try validator.checkCurrency(currency)
    var contents = CatalogContents(expectedCount: items.count)
    contents.currency = currency
    var described = 0
    for item in items {
      validator.itemIndex = contents.items.count
      try validator.checkID(ScannedString(checking: item.id))
      var name = item.name
      let shows = name.withUTF8 { CatalogValidator.showsACharacter($0) }
      try validator.checkName(ScannedString(checking: name).facts, showsACharacter: shows, id: item.id)
      try validator.checkPrice(item.price, id: item.id)
      let description = descriptions[item.id]
      if let description {
        try validator.checkDescription(ScannedString(checking: description), id: item.id)
      }
      contents.add(item.withQuantity(1), description: description)
      if description != nil { described += 1 }
    }
    try self.init(contents, source: source)
    // Only once the ids are known to be distinct does each described item stand for one key.
    precondition(described == descriptions.count, "descriptions for ids that are not in the catalog")
  }

  /// The catalog of contents whose every field was checked; refuses repeated ids.
  init(_ contents: consuming CatalogContents, source: String) throws(CatalogError) {
    do {
      let sorted = contents.idEntriesAreSorted
      index = try CatalogIDIndex(contents.items, entries: contents.takeIDEntries(), sorted: sorted)
    } catch {
      let id = contents.items.id(at: error.position)
      throw CatalogError(
        source: source, itemIndex: error.position, itemID: id, field: "id",
        problem: .duplicateID(firstIndex: error.firstPosition))
    }
    currency = contents.currency
    items = contents.items
    descriptions = contents.descriptions
  }

  /// The item with this id; the paper bag is always found.
  public func item(withID id: String) -> ShoppingItem? {
    if id == ShoppingItem.paperBagID { return .paperBag() }
    return position(ofItemWithID: id).map { items[$0] }
  }

  /// The position in `items` of the item with this id; nil for the paper bag, which is not listed.
  public func position(ofItemWithID id: String) -> Int? {
    index.position(of: id, in: items)
  }

  /// Whether the item with this id can be bought now; the paper bag always can.
  public func hasItem(withID id: String) -> Bool {
    id == ShoppingItem.paperBagID || position(ofItemWithID: id) != nil
  }

  /// The description of `items[position]`, if it has one.
  public func description(ofItemAt position: Int) -> String? {
    descriptions.description(at: position)
  }

  /// The description of the item with this id, if it has one.
  public func description(ofItemWithID id: String) -> String? {
    position(ofItemWithID: id).flatMap(description(ofItemAt:))
  }

  /// Items kept in a basket or order whose ids this catalog no longer has, in their order.
  public func unavailableItems(in items: [ShoppingItem]) -> [ShoppingItem] {
    items.filter { !hasItem(withID: $0.id) }
  }

  /// Two catalogs are equal when they sell the same items, described the same, in the same order and
  /// currency. (The id index follows from the items.)
  public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
    lhs.currency == rhs.currency && lhs.items == rhs.items && lhs.descriptions == rhs.descriptions
  }
}
