import Testing

@testable import Shop

@Suite struct CatalogItemsTests {
  private func items(_ range: Range<Int>) -> [ShoppingItem] {
    range.map { ShoppingItem(id: "i\($0)", name: $0 % 2 == 0 ? "Item \($0)" : "Crème \($0) 抹茶", price: $0) }
  }

  @Test func twoHalvesJoinedReadAsOneArrayAcrossTheSeamAndEqualOneBuiltWhole() {
    var joined = CatalogItems(reservingCapacity: 10, nameBytes: 100)
    for item in items(0..<3) { joined.append(item) }
    joined.append(contentsOf: CatalogItems(items(3..<7)))
    joined.append(ShoppingItem(id: "i7", name: "Crème 7 抹茶", price: 7))
    #expect(Array(joined) == items(0..<8))
    #expect(joined[2].id == "i2" && joined[3].name == "Crème 3 抹茶" && joined[7].price == 7)
    #expect(joined.names.elementsEqual(items(0..<8).map(\.name)))
    #expect(joined.nameByteCount == items(0..<8).reduce(0) { $0 + $1.name.utf8.count })
    #expect(joined == CatalogItems(items(0..<8)))
    #expect(joined != CatalogItems(items(0..<7)))
  }

  @Test func joiningOntoNothingOrAJoinedListKeepsEveryItemInOrder() {
    var empty: CatalogItems = []
    empty.append(contentsOf: CatalogItems(items(0..<2)))
    #expect(empty == CatalogItems(items(0..<2)))
    var joined = CatalogItems(items(0..<2))
    joined.append(contentsOf: CatalogItems(items(2..<4)))
    joined.append(contentsOf: CatalogItems(items(4..<6)))
    #expect(Array(joined) == items(0..<6))
  }

  @Test func namesThatDifferOnlyInHowAnAccentIsWrittenAreEqualAsStringsAre() {
    let precomposed = CatalogItems([ShoppingItem(id: "c", name: "Cr\u{E8}me", price: 1)])
    let combining = CatalogItems([ShoppingItem(id: "c", name: "Cre\u{300}me", price: 1)])
    #expect(precomposed == combining)
    #expect(precomposed != CatalogItems([ShoppingItem(id: "c", name: "Creme", price: 1)]))
  }

  @Test func anItemIsReadBackWithQuantityOne() {
    let items = CatalogItems([ShoppingItem(id: "a", name: "A", price: 5, quantity: 3)])
    #expect(items[0] == ShoppingItem(id: "a", name: "A", price: 5))
  }

  @Test func namesReadFromAFileAreTheirTextUnescaped() throws {
    let catalog = try Catalog.parse(
      Array(
        #"{"currency": "EUR", "items": [{"id": "a", "name": "Cr\u00e8me \"br\u00fbl\u00e9e\" 🍮", "price": 1}, {"id": "b", "name": "抹茶", "price": 2}]}"#
          .utf8),
      source: "c.json")
    #expect(catalog.items.names.elementsEqual(["Crème \"brûlée\" 🍮", "抹茶"]))
    #expect(catalog.item(withID: "a")?.name == "Crème \"brûlée\" 🍮")
  }
}
