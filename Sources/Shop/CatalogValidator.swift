/// The catalog's rules, applied item by item so that a problem names its item and field.
struct CatalogValidator {
  let source: String
  private(set) var indexByID: [String: Int] = [:]
  private var nextIndex = 0

  init(source: String, expectedCount: Int = 0) {
    self.source = source
    indexByID.reserveCapacity(min(expectedCount, Catalog.maximumItemCount))
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
      source: source, itemIndex: nextIndex, itemID: printableID, field: field, problem: problem)
  }

  /// Checks the next item and records its id; throws for the first problem found.
  mutating func checkItem(id: String, name: String, price: Int) throws(CatalogError) {
    guard nextIndex < Catalog.maximumItemCount else {
      throw CatalogError(source: source, field: "items", problem: .tooManyItems)
    }
    if id.isEmpty { throw itemError(.empty, field: "id") }
    if let control = firstControlCharacter(in: id) {
      throw itemError(.controlCharacter(control), field: "id", id: id)
    }
    if id == ShoppingItem.paperBagID { throw itemError(.reservedID, field: "id", id: id) }
    if name.isEmpty { throw itemError(.empty, field: "name", id: id) }
    if let control = firstControlCharacter(in: name) {
      throw itemError(.controlCharacter(control), field: "name", id: id)
    }
    guard (0...Catalog.maximumPrice).contains(price) else {
      throw itemError(.priceOutOfRange(String(price)), field: "price", id: id)
    }
    if let firstIndex = indexByID.updateValue(nextIndex, forKey: id) {
      indexByID[id] = firstIndex
      throw itemError(.duplicateID(firstIndex: firstIndex), field: "id", id: id)
    }
    nextIndex += 1
  }
}
