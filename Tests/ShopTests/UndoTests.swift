import Foundation
import Reactive
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)
private let catalog = try! Catalog(currency: "EUR", items: [apple, pear])

/// A pear in the basket and one earlier order of two apples; the store holds 1.
private let start = ShopState(
  basket: Basket(lines: [pear]),
  orders: [Order(items: [apple.withQuantity(2)], placedAt: Date(timeIntervalSince1970: 1))])

/// One change of each kind, then its undo: the state comes back whole and the store is written
/// through its normal path, in every store.
@Suite struct UndoTests {
  /// Makes `change` from `start` in a store of `mode` and performs the write it returns, then undoes
  /// it; returns every count the store published and the store.
  private func undo(
    _ mode: QuantityStoreMode,
    after change: (ShoppingUseCase, Reorder, inout ShopState) throws -> QuantityWrite
  ) throws -> (counts: [Int], store: any QuantityStore) {
    let store = mode.makeStore(carrying: start.basket)
    let recorder = ValueRecorder(store.quantityPublisher)
    var state = start
    try store.perform(change(ShoppingUseCase(mode: mode), Reorder(mode: mode), &state), basket: state.basket)
    #expect(state != start)
    let changed = state.basket
    let write = try Undo(mode: mode).restore(start, from: &state)
    #expect(write == .restore(from: changed, to: start.basket))
    try store.perform(write, basket: state.basket)
    #expect(state == start)
    #expect(store.quantity == start.basket.badgeQuantity)
    return (recorder.values, store)
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func undoingAnAddTakesTheUnitOutAgain(mode: QuantityStoreMode) throws {
    let result = try undo(mode) { shopping, _, state in try shopping.buy(apple, in: &state) }
    #expect(result.counts == [1, 2, 1])
    #expect(result.store.quantity == 1)
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func undoingAPaperBagChangesNoCountButTheSimpleStoreStillSends(mode: QuantityStoreMode) throws {
    let result = try undo(mode) { shopping, _, state in try shopping.addPaperBag(in: &state) }
    #expect(result.counts == (mode == .simple ? [1, 1, 1] : [1]))
    #expect(result.store.quantity == 1)
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func undoingARemovePutsTheUnitBack(mode: QuantityStoreMode) throws {
    let result = try undo(mode) { shopping, _, state in try shopping.remove(itemWithID: "pear", in: &state) }
    #expect(result.counts == [1, 0, 1])
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func undoingAReorderTakesItsItemsOutAndTheBadgeComesBackWithTheBasket(
    mode: QuantityStoreMode
  ) throws {
    let result = try undo(mode) { _, reorder, state in
      try reorder.reorderLastOrder(from: catalog, in: &state).write
    }
    // The simple store was sent the reorder's own 2; the undo sends the count of the basket it brings
    // back, 1 (it used to lower the wrong 2 by 2, to 0, under a basket of 1: issue 25, item 9).
    #expect(result.counts == (mode == .simple ? [1, 2, 1] : [1, 3, 1]))
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func undoingACheckoutRestoresTheBasketAndDropsTheOrder(mode: QuantityStoreMode) throws {
    let result = try undo(mode) { shopping, _, state in
      let (order, write) = try shopping.checkout(&state, at: Date(timeIntervalSince1970: 2), from: catalog)
      #expect(state.lastOrder == order)
      return write
    }
    #expect(result.counts == [1, 0, 1])
  }

  @Test func undoingACheckoutBringsBackTheOrderTheHistoryLimitPushedOut() throws {
    let orders = (0..<ShopState.orderHistoryLimit).map {
      Order(items: [apple], placedAt: Date(timeIntervalSince1970: Double($0)))
    }
    let before = ShopState(basket: Basket(lines: [pear]), orders: orders)
    let store = ControlledQuantityStore(quantity: 1)
    var state = before
    let checkout = try ShoppingUseCase(mode: .controlled).checkout(
      &state, at: Date(timeIntervalSince1970: 500), from: catalog)
    try store.perform(checkout.write, basket: state.basket)
    #expect(state.orders.first == orders[1])
    try store.perform(Undo(mode: .controlled).restore(before, from: &state), basket: state.basket)
    #expect(state.orders == orders)
    #expect(state.basket.lines == [pear])
    #expect(store.quantity == 1)
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func severalStepsUndoneInTurnRetraceEveryState(mode: QuantityStoreMode) throws {
    let store = mode.makeStore(carrying: start.basket)
    let recorder = ValueRecorder(store.quantityPublisher)
    let shopping = ShoppingUseCase(mode: mode)
    var history = UndoHistory()
    var state = start
    var visited = [state]
    let changes: [(inout ShopState) throws -> QuantityWrite] = [
      { try shopping.buy(apple.withQuantity(3), in: &$0) },
      { try shopping.addPaperBag(in: &$0) },
      { try shopping.remove(itemWithID: "pear", in: &$0) },
      { try shopping.checkout(&$0, at: Date(timeIntervalSince1970: 9), from: catalog).write },
    ]
    for change in changes {
      history.record(state)
      try store.perform(change(&state), basket: state.basket)
      visited.append(state)
    }
    let undo = Undo(mode: mode)
    while let earlier = history.takeLast() {
      try store.perform(undo.restore(earlier, from: &state), basket: state.basket)
      visited.removeLast()
      #expect(state == visited.last)
      #expect(store.quantity == state.basket.badgeQuantity)
    }
    #expect(state == start)
    let forward = mode == .simple ? [1, 4, 4, 3, 0] : [1, 4, 3, 0]
    let back = mode == .simple ? [3, 4, 4, 1] : [3, 4, 1]
    #expect(recorder.values == forward + back)
  }

  @Test func aRestoreTheControlledStoreRefusesChangesNothing() throws {
    let store = ControlledQuantityStore(quantity: 0)
    var state = ShopState(basket: Basket(lines: [apple.withQuantity(3)]))
    let error = #expect(throws: ShoppingError.self) {
      try Undo(mode: .controlled).restore(ShopState(), from: &state, storeHolding: store.quantity)
    }
    #expect(error == .quantity(.wouldBeNegative(current: 0, removing: 3)))
    #expect(state.basket.lines == [apple.withQuantity(3)])
    #expect(store.quantity == 0)
  }

  @Test func theHistoryKeepsTheMostRecentStepsUpToItsDepth() {
    var history = UndoHistory()
    #expect(history.isEmpty)
    #expect(history.takeLast() == nil)
    let states = (0..<(UndoHistory.depth + 5)).map {
      ShopState(basket: Basket(lines: [apple.withQuantity($0 + 1)]))
    }
    for state in states { history.record(state) }
    #expect(history.states == Array(states.suffix(UndoHistory.depth)))
    #expect(history.takeLast() == states.last)
    #expect(history.states.count == UndoHistory.depth - 1)
  }
}
