import Testing

@testable import Shop

@Suite struct CatalogItemsTests {
  private func items(_ range: Range<Int>) -> [ShoppingItem] {
    range.map { ShoppingItem(id: "i\($0)", name: "Item \($0)", price: $0) }
  }

  @Test func twoHalvesJoinedReadAsOneArrayAcrossTheSeamAndEqualOneBuiltWhole() {
    var joined = CatalogItems(reservingCapacity: 10)
    for item in items(0..<3) { joined.append(item) }
    joined.append(contentsOf: CatalogItems(items(3..<7)))
    joined.append(ShoppingItem(id: "i7", name: "Item 7", price: 7))
    #expect(joined.count == 8)
    #expect(joined.map(\.price) == Array(0..<8))
    #expect(joined[2].id == "i2" && joined[3].id == "i3" && joined[7].id == "i7")
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
    #expect(joined.map(\.price) == Array(0..<6))
  }
}
