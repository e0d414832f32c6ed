import Testing

@testable import Shop

/// An item may carry a description: checked like a name, kept once per catalog, returned on request.
@Suite struct CatalogDescriptionTests {
  private func message(_ json: String) -> String {
    do {
      _ = try Catalog.parse(Array(json.utf8), source: "c.json")
      return "loaded"
    } catch {
      return error.description
    }
  }

  @Test func descriptionsAreReadAndReturnedByPositionAndId() throws {
    let json = #"""
      {"currency": "EUR", "items": [
        {"id": "a", "name": "Apple", "price": 50},
        {"id": "m", "name": "Matcha", "price": 1450, "description": "Ceremonial grade \u2014 抹茶 from Uji"},
        {"id": "b", "name": "Bread", "price": 420}
      ]}
      """#
    let catalog = try Catalog.parse(Array(json.utf8), source: "c.json")
    #expect((0..<3).map(catalog.description(ofItemAt:)) == [nil, "Ceremonial grade — 抹茶 from Uji", nil])
    #expect(catalog.description(ofItemWithID: "m") == "Ceremonial grade — 抹茶 from Uji")
    #expect(catalog.description(ofItemWithID: "a") == nil)
    #expect(catalog.description(ofItemWithID: "nothing") == nil)
    #expect(catalog.items[1] == ShoppingItem(id: "m", name: "Matcha", price: 1_450))
  }

  @Test func aDescriptionIsCheckedLikeAName() {
    let item = { (description: String) in
      #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "description": \#(description)}]}"#
    }
    #expect(message(item(#""""#)) == #"c.json: items[0] (id "a"), field "description": must not be empty"#)
    #expect(
      message(item(#""\u001b[2J""#))
        == #"c.json: items[0] (id "a"), field "description": contains the control character U+001B"#)
    #expect(
      message(item(#""left \u202e right""#))
        == #"c.json: items[0] (id "a"), field "description": contains the bidirectional control character U+202E"#
    )
    #expect(message(item("7")) == #"c.json: items[0] (id "a"), field "description": must be a string"#)
    #expect(message(item("null")) == #"c.json: items[0] (id "a"), field "description": must be a string"#)
    let longest = String(repeating: "d", count: Catalog.maximumDescriptionLength)
    #expect(message(item("\"\(longest)\"")) == "loaded")
    #expect(
      message(item("\"\(longest)é\""))
        == #"c.json: items[0] (id "a"), field "description": must be at most 2000 characters"#)
  }

  @Test func manyLongDescriptionsSpanSeveralChunksAndComeBackIntact() throws {
    var items: [ShoppingItem] = []
    var descriptions: [String: String] = [:]
    for index in 0..<3_000 {
      let id = "item-\(index)"
      items.append(ShoppingItem(id: id, name: "Item \(index)", price: index))
      if index % 3 != 0 {
        descriptions[id] = "\(index): " + String(repeating: "ü", count: 400 + index % 600)
      }
    }
    let catalog = try Catalog(currency: "EUR", items: items, descriptions: descriptions)
    for index in [0, 1, 2, 3, 1_000, 1_001, 2_998, 2_999] {
      #expect(catalog.description(ofItemAt: index) == descriptions["item-\(index)"])
    }
    #expect((0..<3_000).allSatisfy { catalog.description(ofItemAt: $0) == descriptions["item-\($0)"] })
  }

  @Test func theInitializerChecksDescriptionsToo() {
    let error = #expect(throws: CatalogError.self) {
      try Catalog(
        currency: "EUR", items: [ShoppingItem(id: "a", name: "A", price: 1)], descriptions: ["a": "\u{2028}"])
    }
    #expect(
      error?.description
        == #"catalog: items[0] (id "a"), field "description": contains the line separator U+2028"#)
  }

  @Test func aRepeatedIdWithADescriptionIsRefusedAsARepeatedId() {
    let error = #expect(throws: CatalogError.self) {
      try Catalog(
        currency: "EUR",
        items: [ShoppingItem(id: "a", name: "A", price: 1), ShoppingItem(id: "a", name: "B", price: 2)],
        descriptions: ["a": "Crisp"])
    }
    #expect(
      error?.description == #"catalog: items[1] (id "a"), field "id": duplicate id, already used by items[0]"#
    )
  }
}
