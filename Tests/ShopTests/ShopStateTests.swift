import Foundation
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)
private let dodo = ShoppingItem(id: "dodo", name: "Dodo egg", price: 9_999)
private let kiwi = ShoppingItem(id: "kiwi", name: "Kiwi", price: 30)
/// Sells apples and pears at their usual prices.
private let catalog = try! Catalog(currency: "EUR", items: [apple, pear])

@Suite struct ShopStateTests {
  @Test func checkoutTurnsTheBasketIntoATimestampedOrderAndEmptiesIt() throws {
    var state = ShopState()
    try state.basket.add(apple.withQuantity(2))
    try state.basket.add(.paperBag())
    let placedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let order = try state.checkout(at: placedAt, from: catalog)
    #expect(order == Order(items: [apple.withQuantity(2), .paperBag()], placedAt: placedAt))
    #expect(state.basket.isEmpty)
    #expect(state.orders == [order])
  }

  @Test func anEmptyBasketCannotBeCheckedOut() {
    var state = ShopState()
    let error = #expect(throws: BasketError.self) {
      try state.checkout(at: Date(timeIntervalSince1970: 0), from: catalog)
    }
    #expect(error == .emptyBasket)
    #expect(error?.description == "cannot check out: the basket is empty")
    #expect(state.orders.isEmpty)
  }

  @Test func aBasketHoldingOnlyPaperBagsCannotBeCheckedOutAndTheLastOrderStays() throws {
    var state = ShopState()
    try state.basket.add(apple)
    let real = try state.checkout(at: Date(timeIntervalSince1970: 1), from: catalog)
    try state.basket.add(.paperBag(quantity: 2))
    let error = #expect(throws: BasketError.self) {
      try state.checkout(at: Date(timeIntervalSince1970: 2), from: catalog)
    }
    #expect(error == .onlyPaperBags)
    #expect(error?.description == "cannot check out: the basket holds only paper bags")
    #expect(state.orders == [real])
    #expect(state.basket.lines == [.paperBag(quantity: 2)])
  }

  @Test func aLineTheCatalogNoLongerHasIsNeverCheckedOut() throws {
    var state = ShopState(basket: Basket(lines: [apple, dodo.withQuantity(2), .paperBag()]))
    let error = #expect(throws: BasketError.self) {
      try state.checkout(at: Date(timeIntervalSince1970: 1), from: catalog)
    }
    #expect(error == .unavailableItems(names: ["Dodo egg"]))
    #expect(error?.description == "cannot check out: Dodo egg is no longer sold; remove it first")
    #expect(state.orders.isEmpty)
    #expect(state.basket.lines == [apple, dodo.withQuantity(2), .paperBag()])
  }

  @Test func theRefusalNamesUpToThreeItemsTheCatalogNoLongerHas() {
    let gone = (1...5).map { ShoppingItem(id: "gone-\($0)", name: "Gone \($0)", price: 1) }
    #expect(
      BasketError.unavailableItems(names: gone.prefix(2).map(\.name)).description
        == "cannot check out: 2 items are no longer sold (Gone 1, Gone 2); remove them first")
    #expect(
      BasketError.unavailableItems(names: gone.map(\.name)).description
        == "cannot check out: 5 items are no longer sold (Gone 1, Gone 2, Gone 3 and 2 more); remove them first"
    )
    var state = ShopState(basket: Basket(lines: [kiwi] + gone))
    #expect(throws: BasketError.unavailableItems(names: ["Kiwi"] + gone.map(\.name))) {
      try state.checkout(at: Date(), from: catalog)
    }
  }

  @Test func reorderAddsTheLastOrdersItemsToWhatIsInTheBasket() throws {
    var state = ShopState()
    try state.basket.add(apple.withQuantity(2))
    try state.checkout(at: Date(timeIntervalSince1970: 1), from: catalog)
    try state.basket.add(.paperBag())
    try state.basket.add(apple)
    try state.checkout(at: Date(timeIntervalSince1970: 2), from: catalog)
    try state.basket.add(apple)
    let result = try state.reorderLastOrder(from: catalog)
    #expect(result == ReorderResult(added: [.paperBag(), apple], priceChanges: [], leftOut: []))
    #expect(result.summary == "reordered 1 item")
    #expect(state.basket.lines == [apple.withQuantity(2), .paperBag()])
    #expect(state.basket.badgeQuantity == 2)
  }

  @Test func reorderTakesTodaysNameAndPriceFromTheCatalogAndReportsTheChanges() throws {
    let order = Order(
      items: [apple.withQuantity(2), pear, .paperBag()], placedAt: Date(timeIntervalSince1970: 1))
    let newApple = ShoppingItem(id: "apple", name: "Apple (Braeburn)", price: 60)
    let today = try Catalog(currency: "EUR", items: [newApple, pear])
    var state = ShopState(orders: [order])
    try state.basket.add(newApple)
    let result = try state.reorderLastOrder(from: today)
    #expect(result.added == [newApple.withQuantity(2), pear, .paperBag()])
    #expect(
      result.priceChanges
        == [PriceChange(itemID: "apple", name: "Apple (Braeburn)", orderedPrice: 50, currentPrice: 60)])
    #expect(result.leftOut == [])
    #expect(result.summary == "reordered 3 items; 1 price changed")
    // The line's price is today's whether its last unit came from `a` or from `r`.
    #expect(state.basket.lines == [newApple.withQuantity(3), pear, .paperBag()])
    #expect(state.basket.subtotal == 3 * 60 + 80)
  }

  @Test func reorderLeavesOutItemsTheCatalogNoLongerHasAndReportsThem() throws {
    let order = Order(
      items: [apple, dodo.withQuantity(2), kiwi, .paperBag()], placedAt: Date(timeIntervalSince1970: 1))
    var state = ShopState(orders: [order])
    let result = try state.reorderLastOrder(from: catalog)
    #expect(result.added == [apple, .paperBag()])
    #expect(result.leftOut == [dodo.withQuantity(2), kiwi])
    #expect(result.summary == "reordered 1 item; 2 items no longer sold left out")
    #expect(state.basket.lines == [apple, .paperBag()])
  }

  @Test func anOrderWithNothingStillSoldIsNotReordered() throws {
    let gone = Order(items: [dodo, .paperBag()], placedAt: Date(timeIntervalSince1970: 1))
    let bagsOnly = Order(items: [.paperBag(quantity: 2)], placedAt: Date(timeIntervalSince1970: 2))
    var state = ShopState(basket: Basket(lines: [pear]), orders: [gone, bagsOnly])
    let error = #expect(throws: BasketError.self) { try state.reorder(gone, from: catalog) }
    #expect(error == .nothingLeftToReorder(leftOut: 1))
    #expect(error?.description == "cannot reorder: none of the order's items is sold any more")
    let bagsError = #expect(throws: BasketError.self) { try state.reorderLastOrder(from: catalog) }
    #expect(bagsError == .nothingLeftToReorder(leftOut: 0))
    #expect(bagsError?.description == "cannot reorder: the order holds only paper bags")
    #expect(state.basket.lines == [pear])
  }

  @Test func anyOrderFromTheHistoryCanBeReordered() throws {
    var state = ShopState()
    try state.basket.add(pear.withQuantity(3))
    try state.checkout(at: Date(timeIntervalSince1970: 1), from: catalog)
    try state.basket.add(apple)
    try state.checkout(at: Date(timeIntervalSince1970: 2), from: catalog)
    let result = try state.reorder(state.orders[0], from: catalog)
    #expect(result.summary == "reordered 3 items")
    #expect(state.basket.lines == [pear.withQuantity(3)])
  }

  @Test func reorderWithoutAnyOrderIsRefused() {
    var state = ShopState()
    let error = #expect(throws: BasketError.self) { try state.reorderLastOrder(from: catalog) }
    #expect(error == .noPreviousOrder)
    #expect(error?.description == "cannot reorder: there is no previous order")
  }

  @Test func theOrderHistoryKeepsTheMostRecentOrders() throws {
    var state = ShopState()
    for second in 0..<(ShopState.orderHistoryLimit + 5) {
      try state.basket.add(apple)
      try state.checkout(at: Date(timeIntervalSince1970: Double(second)), from: catalog)
    }
    #expect(state.orders.count == ShopState.orderHistoryLimit)
    #expect(state.orders.first?.placedAt == Date(timeIntervalSince1970: 5))
  }
}
