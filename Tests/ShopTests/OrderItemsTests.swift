import Foundation
import Testing

@testable import Shop

/// An order's packed lines behave as the array of items they were made from: the same items in the
/// same order, the same equality, sums and JSON, and a state file's lines read into them whatever the
/// order of their keys.
@Suite struct OrderItemsTests {
  /// Short and long ids and names (inline and heap strings), empty ones, other scripts, a bag.
  static let items = [
    ShoppingItem(id: "a", name: "A", price: 1, quantity: 1),
    ShoppingItem(
      id: "catalog-item-0000001", name: "Organic banana, bunch of five, 0000001", price: 129, quantity: 2),
    ShoppingItem(id: "", name: "", price: 0, quantity: 0),
    .paperBag(quantity: 7),
    ShoppingItem(id: "抹茶-🍵", name: "Matcha 抹茶 ´e\u{301} \u{202E}", price: Int.max, quantity: -3),
    ShoppingItem(id: "x", name: String(repeating: "n", count: 5_000), price: -5, quantity: 999),
  ]

  @Test func theLinesAreTheItemsTheyWereMadeFromInTheirOrder() {
    let packed = OrderItems(Self.items)
    #expect(packed.count == Self.items.count)
    #expect(Array(packed) == Self.items)
    #expect(packed.indices.map { packed[$0] } == Self.items)
    #expect(packed.reversed() == Self.items.reversed())
    #expect(OrderItems().isEmpty)
    #expect(Array(OrderItems([])) == [])
    let literal: OrderItems = [Self.items[0], Self.items[3]]
    #expect(Array(literal) == [Self.items[0], Self.items[3]])
    #expect(Array(Order(items: Self.items, placedAt: Date(timeIntervalSince1970: 5)).items) == Self.items)
  }

  @Test func equalityIsTheItemsEqualityAsForAnArray() {
    let packed = OrderItems(Self.items)
    #expect(packed == OrderItems(Self.items))
    #expect(packed == packed)
    // Equal strings with other bytes: é as one scalar and as e with a combining accent.
    let composed = [ShoppingItem(id: "caf\u{E9}", name: "Caf\u{E9}", price: 1, quantity: 1)]
    let decomposed = [ShoppingItem(id: "cafe\u{301}", name: "Cafe\u{301}", price: 1, quantity: 1)]
    #expect(composed == decomposed)
    #expect(OrderItems(composed) == OrderItems(decomposed))
    for changed in [
      ShoppingItem(id: "b", name: "A", price: 1, quantity: 1),
      ShoppingItem(id: "a", name: "B", price: 1, quantity: 1),
      ShoppingItem(id: "a", name: "A", price: 2, quantity: 1),
      ShoppingItem(id: "a", name: "A", price: 1, quantity: 2),
      // The same bytes split otherwise between id and name.
      ShoppingItem(id: "aA", name: "", price: 1, quantity: 1),
      ShoppingItem(id: "", name: "aA", price: 1, quantity: 1),
    ] {
      #expect(OrderItems([changed] + Self.items.dropFirst()) != packed, "\(changed)")
    }
    #expect(OrderItems(Self.items.dropLast()) != packed)
    let placed = Date(timeIntervalSince1970: 5)
    #expect(
      Order(items: Self.items, placedAt: placed) == Order(items: OrderItems(Self.items), placedAt: placed))
    #expect(Order(items: Self.items, placedAt: placed) != Order(items: Self.items, placedAt: placed + 1))
  }

  @Test func theSumsAreTheArraysSums() {
    let lines = [
      ShoppingItem(id: "tea", name: "Tea", price: 300, quantity: 2), .paperBag(quantity: 5),
      ShoppingItem(id: "paper-bag-xl", name: "Big bag", price: 20, quantity: 3),
      // Not the bag: another id that begins like it, and one that only looks like it.
      ShoppingItem(id: "pape\u{301}r-bag", name: "Accented", price: 1, quantity: 4),
      ShoppingItem(id: "paper-bag", name: "A bag with a price", price: 9, quantity: 1),
    ]
    let packed = OrderItems(lines)
    #expect(ItemCalculator.totalQuantity(of: packed) == ItemCalculator.totalQuantity(of: lines))
    #expect(ItemCalculator.totalQuantity(of: packed) == 9)
    #expect(ItemCalculator.subtotal(of: packed) == ItemCalculator.subtotal(of: lines))
    #expect(ItemCalculator.subtotal(of: packed) == 600 + 60 + 4 + 9)
    #expect(packed.indices.filter(packed.isPaperBag(at:)) == [1, 4])
    #expect(packed.containsPaperBag)
    #expect(!OrderItems(lines.filter { !$0.isPaperBag }).containsPaperBag)
  }

  @Test func aBagTakesTheShopsOwnNameAndPriceAndTheOtherLinesStayAsTheyWere() {
    let lines = [
      ShoppingItem(id: "paper-bag", name: "Gold bag", price: 500, quantity: 2),
      ShoppingItem(
        id: "catalog-item-0000001", name: "Organic banana, bunch of five", price: 129, quantity: 1),
      ShoppingItem(id: "paper-bag", name: "", price: 1, quantity: 3),
    ]
    let mended = OrderItems(lines).withShopPaperBags()
    #expect(Array(mended) == [.paperBag(quantity: 2), lines[1], .paperBag(quantity: 3)])
  }

  /// An order as it was before its lines were packed: an array of items.
  private struct ArrayOrder: Codable {
    var items: [ShoppingItem]
    var placedAt: Date
  }

  @Test func anOrderIsWrittenAndReadAsBeforeWithItsItemsAsAnArray() throws {
    let placed = Date(timeIntervalSince1970: 1_700_000_000)
    let order = Order(items: Self.items, placedAt: placed)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let written = try encoder.encode(order)
    #expect(written == (try encoder.encode(ArrayOrder(items: Self.items, placedAt: placed))))
    #expect(try JSONDecoder().decode(Order.self, from: written) == order)
    #expect(
      try JSONDecoder().decode(OrderItems.self, from: encoder.encode(Self.items)) == OrderItems(Self.items))
  }

  @Test func aStateFilesLinesAreReadWhateverTheOrderOfTheirKeys() throws {
    let bytes = Array(
      #"""
      {"version": 1, "basket": [{"name": "Tea", "quantity": 1, "id": "tea", "price": 300}],
       "orders": [{"items": [
         {"id": "catalog-item-0000001", "name": "Organic banana, bunch of five, 0000001", "price": 129, "quantity": 2},
         {"quantity": 3, "name": "Organic banana, bunch of five, 0000002", "x": "unread", "price": 1,
          "id": "catalog-item-0000002"},
         {"price": 2, "name": "B", "id": "b", "quantity": 1},
         {"id": "paper-bag", "x": {"name": "no"}, "name": "Bag", "price": 5, "quantity": 4}],
        "placedAt": 1700000000}]}
      """#.utf8)
    let state = try StateFileReader.read(bytes).get()
    #expect(state.basket.lines == [ShoppingItem(id: "tea", name: "Tea", price: 300, quantity: 1)])
    #expect(
      state.orders.map { Array($0.items) } == [
        [
          ShoppingItem(
            id: "catalog-item-0000001", name: "Organic banana, bunch of five, 0000001", price: 129,
            quantity: 2),
          ShoppingItem(
            id: "catalog-item-0000002", name: "Organic banana, bunch of five, 0000002", price: 1, quantity: 3),
          ShoppingItem(id: "b", name: "B", price: 2, quantity: 1),
          .paperBag(quantity: 4),
        ]
      ])
  }
}
