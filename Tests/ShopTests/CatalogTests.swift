import Testing

@testable import Shop

@Suite struct CatalogTests {
  @Test func theBuiltInCatalogHasTwelveToTwentyItemsIncludingAccentedWideAndLongNames() {
    let catalog = Catalog.builtIn
    #expect(catalog.currency == "EUR")
    #expect((12...20).contains(catalog.items.count))
    #expect(catalog.items.contains { $0.name == "Crème fraîche" })
    #expect(
      catalog.items.contains { $0.name.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
    #expect(catalog.items.contains { $0.name.count > 60 })
    #expect(catalog.items.allSatisfy { $0.quantity == 1 })
  }

  @Test func aCatalogFileIsLoadedWithItsItemsInOrder() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(
      """
      {"currency": "EUR", "extra": [1, {"a": null}], "items": [
        {"id": "apple", "name": "Apple", "price": 50},
        {"price": 0, "name": "Fr\\u00e8re \\"Jacques\\" \\ud83c\\udf4e", "id": "free", "note": true}
      ]}
      """, to: "catalog.json")
    let catalog = try Catalog.load(fromFile: path)
    #expect(catalog.currency == "EUR")
    #expect(
      catalog.items == [
        ShoppingItem(id: "apple", name: "Apple", price: 50),
        ShoppingItem(id: "free", name: "Frère \"Jacques\" 🍎", price: 0),
      ])
    #expect(catalog.item(withID: "free")?.price == 0)
  }

  @Test func thePaperBagIsAlwaysAvailableAndLookedUpById() {
    #expect(Catalog.builtIn.hasItem(withID: "paper-bag"))
    #expect(Catalog.builtIn.item(withID: "paper-bag") == .paperBag())
    #expect(ShoppingItem.paperBag().price == 0)
  }

  @Test func itemsTheCatalogNoLongerHasAreReportedNotDropped() throws {
    let catalog = try Catalog(currency: "EUR", items: [ShoppingItem(id: "apple", name: "Apple", price: 50)])
    let gone = ShoppingItem(id: "dodo", name: "Dodo egg", price: 9_999, quantity: 2)
    let basket = Basket(lines: [ShoppingItem(id: "apple", name: "Apple", price: 50), gone, .paperBag()])
    #expect(catalog.unavailableItems(in: basket.lines) == [gone])
    #expect(!catalog.hasItem(withID: "dodo"))
    #expect(basket.lines.count == 3)
  }

  @Test func everyIdOfALargeCatalogIsFoundAtItsPositionAndNoOtherIdIs() throws {
    let items = (0..<20_000).map {
      ShoppingItem(id: "sku-\($0 * 7919 % 20_000)", name: "Item \($0)", price: $0)
    }
    let catalog = try Catalog(currency: "EUR", items: items)
    for (position, item) in items.enumerated() where catalog.position(ofItemWithID: item.id) != position {
      Issue.record(
        "\(item.id) at \(String(describing: catalog.position(ofItemWithID: item.id))), not \(position)")
      break
    }
    #expect(!catalog.hasItem(withID: "sku-20000"))
    #expect(!catalog.hasItem(withID: "sku-"))
  }

  @Test func theEarliestRepeatedIdOfALargeCatalogIsTheOneReported() {
    var items = (0..<20_000).map { ShoppingItem(id: "sku-\($0)", name: "Item \($0)", price: $0) }
    items[15_000] = ShoppingItem(id: "sku-9000", name: "Again", price: 1)
    items[12_000] = ShoppingItem(id: "sku-19000", name: "Again", price: 1)
    let error = #expect(throws: CatalogError.self) { try Catalog(currency: "EUR", items: items) }
    #expect(error?.problem == .duplicateID(firstIndex: 9_000))
    #expect(error?.itemIndex == 15_000)
  }

  @Test func anEmptyItemListIsAValidCatalog() throws {
    let catalog = try Catalog.parse(Array(#"{"currency":"JPY","items":[]}"#.utf8), source: "empty.json")
    #expect(catalog.items.isEmpty)
    #expect(catalog.currency == "JPY")
  }
}
