/// The items on sale, in one currency, looked up by id.
///
/// Built only from validated input: ids unique and non-empty, names non-empty, prices in
/// `0...maximumPrice`, no control characters in any string.
public struct Catalog: Sendable {
  /// Most items a catalog may hold.
  public static let maximumItemCount = 1_000_000
  /// Largest catalog file, in bytes: 256 MiB, room for 1,000,000 items with long names and
  /// descriptions. A larger file is refused before it is read.
  public static let maximumFileSize = 256 << 20
  /// Highest price of one unit, in minor units.
  public static let maximumPrice = 100_000_000

  /// The currency of every price, three capital letters such as "EUR".
  public let currency: String
  /// The items in catalog order, each with quantity 1.
  public let items: [ShoppingItem]
  private let indexByID: [String: Int32]

  /// Validates and creates a catalog; `source` names where it came from in errors.
  public init(currency: String, items: [ShoppingItem], source: String = "catalog") throws(CatalogError) {
    var validator = CatalogValidator(source: source)
    try validator.checkCurrency(currency)
    var units: [ShoppingItem] = []
    units.reserveCapacity(items.count)
    for item in items {
      try validator.checkItem(id: item.id, name: item.name, price: item.price)
      units.append(item.withQuantity(1))
    }
    try self.init(checkedCurrency: currency, checkedItems: units, source: source)
  }

  /// The catalog of items whose fields passed `CatalogValidator`; refuses repeated ids.
  init(checkedCurrency: String, checkedItems: [ShoppingItem], source: String) throws(CatalogError) {
    indexByID = try CatalogValidator.indexByID(of: checkedItems, source: source)
    currency = checkedCurrency
    items = checkedItems
  }

  /// The item with this id; the paper bag is always found.
  public func item(withID id: String) -> ShoppingItem? {
    if id == ShoppingItem.paperBagID { return .paperBag() }
    return indexByID[id].map { items[Int($0)] }
  }

  /// Whether the item with this id can be bought now; the paper bag always can.
  public func hasItem(withID id: String) -> Bool {
    id == ShoppingItem.paperBagID || indexByID[id] != nil
  }

  /// Items kept in a basket or order whose ids this catalog no longer has, in their order.
  public func unavailableItems(in items: [ShoppingItem]) -> [ShoppingItem] {
    items.filter { !hasItem(withID: $0.id) }
  }
}
