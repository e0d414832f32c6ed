import Foundation
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)

@Suite struct BasketTests {
  @Test func addingKeepsOneLinePerItemInFirstAddedOrder() throws {
    var basket = Basket()
    try basket.add(apple)
    try basket.add(pear.withQuantity(2))
    try basket.add(apple.withQuantity(3))
    #expect(basket.lines == [apple.withQuantity(4), pear.withQuantity(2)])
    #expect(basket.badgeQuantity == 6)
    #expect(basket.subtotal == 4 * 50 + 2 * 80)
  }

  @Test func removingTakesUnitsAwayAndDropsEmptyLines() throws {
    var basket = Basket(lines: [apple.withQuantity(2), pear])
    let removed = try basket.remove(itemWithID: "apple")
    #expect(removed == apple)
    try basket.remove(itemWithID: "pear")
    #expect(basket.lines == [apple])
  }

  @Test func removingMoreThanTheBasketHoldsIsRefusedAndChangesNothing() throws {
    var basket = Basket(lines: [apple.withQuantity(2)])
    #expect(throws: BasketError.notEnoughInBasket(name: "Apple", inBasket: 2, removing: 3)) {
      try basket.remove(itemWithID: "apple", quantity: 3)
    }
    #expect(basket.lines == [apple.withQuantity(2)])
    let error = #expect(throws: BasketError.self) { try basket.remove(itemWithID: "pear", name: "Pear") }
    #expect(error?.description == "cannot remove Pear: it is not in the basket")
    #expect(
      BasketError.notEnoughInBasket(name: "Apple", inBasket: 2, removing: 3).description
        == "cannot remove 3 × Apple: the basket holds only 2")
  }

  @Test func nonPositiveQuantitiesAreRefused() {
    var basket = Basket()
    #expect(throws: BasketError.nonPositiveQuantity(0)) { try basket.add(apple.withQuantity(0)) }
    #expect(throws: BasketError.nonPositiveQuantity(-1)) { try basket.add(apple.withQuantity(-1)) }
    #expect(throws: BasketError.nonPositiveQuantity(0)) {
      try basket.remove(itemWithID: "apple", quantity: 0)
    }
    #expect(basket.isEmpty)
  }

  @Test func aBasketHoldsAtMostTheLinesAStateFileReads() throws {
    let full = (0..<Basket.maximumLineCount).map { ShoppingItem(id: "item-\($0)", name: "Item", price: 1) }
    var basket = Basket(lines: full)
    let extra = ShoppingItem(id: "extra", name: "Extra", price: 1)
    #expect(throws: BasketError.tooManyLines(name: "Extra", limit: 10_000)) { try basket.add(extra) }
    #expect(throws: BasketError.tooManyLines(name: "Extra", limit: 10_000)) {
      try basket.add([full[0], extra])
    }
    #expect(
      BasketError.tooManyLines(name: "Extra", limit: 10_000).description
        == "cannot add Extra: the basket holds 10000 lines, the most it can")
    // Lines it holds still grow, and a line taken out makes room.
    try basket.add([full[0], full[1]])
    #expect(basket.quantity(ofItemWithID: "item-0") == 2)
    try basket.remove(itemWithID: "item-5")
    try basket.add(extra)
    #expect(basket.lines.count == Basket.maximumLineCount)
    #expect(throws: BasketError.tooManyLines(name: "Pear", limit: 10_000)) { try basket.add([pear, pear]) }
  }

  @Test func aLineHoldsAtMostTheLineLimit() throws {
    var basket = Basket()
    try basket.add(apple.withQuantity(Basket.lineLimit - 1))
    try basket.add(apple)
    let error = #expect(throws: BasketError.self) { try basket.add(apple) }
    #expect(error == .lineLimitExceeded(name: "Apple", inBasket: 999, adding: 1, limit: 999))
    #expect(error?.description == "cannot add 1 × Apple: the basket holds 999 and a line holds at most 999")
    #expect(basket.quantity(ofItemWithID: "apple") == 999)
  }

  @Test func paperBagsAreFreeUnlimitedByTheLineLimitAndLeftOutOfTheBadge() throws {
    var basket = Basket()
    try basket.add(apple)
    for _ in 0..<1_500 {
      try basket.add(.paperBag())
    }
    #expect(basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 1_500)
    #expect(basket.badgeQuantity == 1)
    #expect(basket.subtotal == 50)
    #expect(basket.lines.map(\.id) == ["apple", "paper-bag"])
  }

  @Test func addingSeveralItemsIsAllOrNothing() throws {
    var basket = Basket(lines: [pear.withQuantity(999)])
    #expect(throws: BasketError.self) { try basket.add([apple, pear]) }
    #expect(basket.lines == [pear.withQuantity(999)])
  }

  @Test func calculatorCountsEverythingButBagsAndPricesEverything() {
    let items = [apple.withQuantity(3), .paperBag(quantity: 5), pear]
    #expect(ItemCalculator.totalQuantity(of: items) == 4)
    #expect(ItemCalculator.subtotal(of: items) == 230)
    #expect(ItemCalculator.totalQuantity(of: []) == 0)
  }
}

@Suite struct BasketIndexTests {
  private let items = (0..<5).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }

  @Test func takingOutAMiddleLineKeepsEveryLaterLineFindable() throws {
    var basket = Basket(lines: items)
    try basket.remove(itemWithID: "item-1")
    try basket.add(items[4].withQuantity(2))
    try basket.add(items[1])
    #expect(basket.lines.map(\.id) == ["item-0", "item-2", "item-3", "item-4", "item-1"])
    #expect(basket.quantity(ofItemWithID: "item-4") == 3)
    #expect(basket.line(withID: "item-3") == items[3])
    #expect(basket.line(withID: "item-9") == nil)
  }

  @Test func removingLinesWhereAConditionHoldsIsOnePassAndKeepsTheRestInOrder() throws {
    var basket = Basket(lines: items)
    let removed = basket.removeLines { $0.price % 2 == 1 }
    #expect(removed.map(\.id) == ["item-1", "item-3"])
    #expect(basket.lines.map(\.id) == ["item-0", "item-2", "item-4"])
    try basket.add(items[4])
    #expect(basket.quantity(ofItemWithID: "item-4") == 2)
    #expect(basket.quantity(ofItemWithID: "item-3") == 0)
    #expect(basket.removeLines { _ in false } == [])
  }

  @Test func equalBasketsPrintTheSameWhateverOrderTheirIndexHolds() throws {
    var built = Basket()
    for item in items.reversed() { try built.add(item) }
    try built.remove(itemWithID: "item-4")
    let given = Basket(lines: items.reversed().filter { $0.id != "item-4" })
    #expect(built == given)
    #expect(String(describing: built) == String(describing: given))
    #expect(
      String(describing: Basket(lines: [apple]))
        == #"Basket(lines: [Shop.ShoppingItem(id: "apple", name: "Apple", price: 50, quantity: 1)])"#)
  }

  @Test func theCodableShapeIsTheLinesAloneAndARepeatedIdIsRefused() throws {
    let basket = Basket(lines: [apple.withQuantity(2), pear])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(basket), as: UTF8.self)
    #expect(
      json == #"{"lines":[{"id":"apple","name":"Apple","price":50,"quantity":2},"#
        + #"{"id":"pear","name":"Pear","price":80,"quantity":1}]}"#)
    var decoded = try JSONDecoder().decode(Basket.self, from: Data(json.utf8))
    #expect(decoded == basket)
    try decoded.add(pear)
    #expect(decoded.quantity(ofItemWithID: "pear") == 2)
    let repeated =
      #"{"lines":[{"id":"a","name":"A","price":1,"quantity":1},"#
      + #"{"id":"a","name":"A","price":1,"quantity":1}]}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Basket.self, from: Data(repeated.utf8)) }
  }
}

@Suite struct BasketDifferenceTests {
  @Test func theDifferenceIsTheUnitsToAddAndToTakeAwayPerID() {
    let from = Basket(lines: [apple.withQuantity(3), .paperBag(), pear])
    let to = Basket(lines: [pear.withQuantity(4), apple, ShoppingItem(id: "fig", name: "Fig", price: 9)])
    let difference = BasketDifference(from: from, to: to)
    #expect(difference.added == [pear.withQuantity(3), ShoppingItem(id: "fig", name: "Fig", price: 9)])
    #expect(difference.removed == [apple.withQuantity(2), .paperBag()])
    #expect(BasketDifference(from: to, to: to).isEmpty)
    #expect(!difference.isEmpty)
  }
}
