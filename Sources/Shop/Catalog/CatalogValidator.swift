/// The catalog's rules, applied item by item so that a problem names its item and field.
struct CatalogValidator {
  let source: String
  /// How many items passed so far; the next item's index.
  private(set) var checkedCount = 0

  init(source: String) {
    self.source = source
  }

  func checkCurrency(_ currency: String) throws(CatalogError) {
    let isThreeCapitals = currency.utf8.count == 3 && currency.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    guard isThreeCapitals else {
      throw CatalogError(source: source, field: "currency", problem: .invalidCurrency(currency))
    }
  }

  /// The error for a problem in the item being checked now.
  func itemError(_ problem: CatalogError.Problem, field: String?, id: String? = nil) -> CatalogError {
    let printableID = id.flatMap { $0.isEmpty ? nil : $0 }
    return CatalogError(
      source: source, itemIndex: checkedCount, itemID: printableID, field: field, problem: problem)
  }

  /// Checks the next item's fields; throws for the first problem found. Ids are checked for
  /// uniqueness afterwards, by `indexByID(of:source:)`.
  mutating func checkItem(id: String, name: String, price: Int) throws(CatalogError) {
    guard checkedCount < Catalog.maximumItemCount else {
      throw CatalogError(source: source, field: "items", problem: .tooManyItems)
    }
    if id.isEmpty { throw itemError(.empty, field: "id") }
    if let control = UntrustedText.firstUnsafeScalar(in: id) {
      throw itemError(.controlCharacter(control), field: "id", id: id)
    }
    if id == ShoppingItem.paperBagID { throw itemError(.reservedID, field: "id", id: id) }
    if name.isEmpty { throw itemError(.empty, field: "name", id: id) }
    if let control = UntrustedText.firstUnsafeScalar(in: name) {
      throw itemError(.controlCharacter(control), field: "name", id: id)
    }
    guard (0...Catalog.maximumPrice).contains(price) else {
      throw itemError(.priceOutOfRange(String(price)), field: "price", id: id)
    }
    checkedCount += 1
  }

  /// The position of every item by id; throws for the first id used twice.
  static func indexByID(of items: [ShoppingItem], source: String) throws(CatalogError) -> [String: Int32] {
    var index: [String: Int32] = [:]
    index.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
      if let firstIndex = index.updateValue(Int32(position), forKey: item.id) {
        throw CatalogError(
          source: source, itemIndex: position, itemID: item.id, field: "id",
          problem: .duplicateID(firstIndex: Int(firstIndex)))
      }
    }
    return index
  }
}
