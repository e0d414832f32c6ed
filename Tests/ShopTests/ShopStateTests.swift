import Foundation
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)

@Suite struct ShopStateTests {
  @Test func checkoutTurnsTheBasketIntoATimestampedOrderAndEmptiesIt() throws {
    var state = ShopState()
    try state.basket.add(apple.withQuantity(2))
    try state.basket.add(.paperBag())
    let placedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let order = try state.checkout(at: placedAt)
    #expect(order == Order(items: [apple.withQuantity(2), .paperBag()], placedAt: placedAt))
    #expect(state.basket.isEmpty)
    #expect(state.orders == [order])
  }

  @Test func anEmptyBasketCannotBeCheckedOut() {
    var state = ShopState()
    let error = #expect(throws: BasketError.self) { try state.checkout(at: Date(timeIntervalSince1970: 0)) }
    #expect(error == .emptyBasket)
    #expect(error?.description == "cannot check out: the basket is empty")
    #expect(state.orders.isEmpty)
  }

  @Test func reorderAddsTheLastOrdersItemsToWhatIsInTheBasket() throws {
    var state = ShopState()
    try state.basket.add(apple.withQuantity(2))
    try state.checkout(at: Date(timeIntervalSince1970: 1))
    try state.basket.add(.paperBag())
    try state.basket.add(apple)
    try state.checkout(at: Date(timeIntervalSince1970: 2))
    try state.basket.add(apple)
    let added = try state.reorderLastOrder()
    #expect(added == [.paperBag(), apple])
    #expect(state.basket.lines == [apple.withQuantity(2), .paperBag()])
    #expect(state.basket.badgeQuantity == 2)
  }

  @Test func reorderWithoutAnyOrderIsRefused() {
    var state = ShopState()
    let error = #expect(throws: BasketError.self) { try state.reorderLastOrder() }
    #expect(error == .noPreviousOrder)
    #expect(error?.description == "cannot reorder: there is no previous order")
  }

  @Test func theOrderHistoryKeepsTheMostRecentOrders() throws {
    var state = ShopState()
    for second in 0..<(ShopState.orderHistoryLimit + 5) {
      try state.basket.add(apple)
      try state.checkout(at: Date(timeIntervalSince1970: Double(second)))
    }
    #expect(state.orders.count == ShopState.orderHistoryLimit)
    #expect(state.orders.first?.placedAt == Date(timeIntervalSince1970: 5))
  }
}
