import Foundation
import Reactive
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)
private let dodo = ShoppingItem(id: "dodo", name: "Dodo egg", price: 9_999)
/// Sells apples and pears; no dodo eggs.
private let catalog = try! Catalog(currency: "EUR", items: [apple, pear])

@Suite struct UseCaseTests {
  /// Two apples and a pear bought, one apple removed, then checked out.
  private func shopAndCheckOut(with store: any QuantityStore) throws -> ShopState {
    var state = ShopState()
    let shopping = ShoppingUseCase(mode: store.mode)
    try store.perform(shopping.buy(apple, in: &state), basket: state.basket)
    try store.perform(shopping.buy(apple, in: &state), basket: state.basket)
    try store.perform(shopping.addPaperBag(in: &state), basket: state.basket)
    try store.perform(shopping.buy(pear, in: &state), basket: state.basket)
    try store.perform(shopping.remove(itemWithID: "apple", in: &state), basket: state.basket)
    #expect(store.quantity == 2)
    #expect(state.basket.badgeQuantity == 2)
    try store.perform(
      shopping.checkout(&state, at: Date(timeIntervalSince1970: 10), from: catalog).write,
      basket: state.basket)
    #expect(store.quantity == 0)
    return state
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func buyingAndCheckingOutKeepTheStoreInStepWithTheBasket(mode: QuantityStoreMode) throws {
    let state = try shopAndCheckOut(with: mode.makeStore())
    #expect(state.orders.last?.items == [apple, .paperBag(), pear])
  }

  @Test func theControlledReorderAddsToWhatIsAlreadyInTheBasket() throws {
    let store = QuantityStoreMode.controlled.makeStore()
    var state = try shopAndCheckOut(with: store)
    let recorder = ValueRecorder(store.quantityPublisher)
    try store.perform(
      ShoppingUseCase(mode: store.mode).buy(apple.withQuantity(3), in: &state), basket: state.basket)
    try store.perform(
      Reorder(mode: store.mode).reorderLastOrder(from: catalog, in: &state).write, basket: state.basket)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 5)
    #expect(recorder.values == [0, 3, 5])
  }

  @Test func theSimpleReorderSendsItsOwnTotalAndTheBadgeForgetsTheBasket() throws {
    let store = QuantityStoreMode.simple.makeStore()
    var state = try shopAndCheckOut(with: store)
    let recorder = ValueRecorder(store.quantityPublisher)
    try store.perform(
      ShoppingUseCase(mode: store.mode).buy(apple.withQuantity(3), in: &state), basket: state.basket)
    try store.perform(
      Reorder(mode: store.mode).reorderLastOrder(from: catalog, in: &state).write, basket: state.basket)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 2)
    #expect(recorder.values == [0, 3, 2])
  }

  @Test func theSimpleStoreLetsAnyoneSendAnyValueAndRepeatsReachReaders() throws {
    let store = SimpleQuantityStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    store.quantitySubject.send(-7)
    store.quantitySubject.send(-7)
    var state = ShopState()
    try store.perform(ShoppingUseCase(mode: .simple).addPaperBag(in: &state), basket: state.basket)
    #expect(recorder.values == [0, -7, -7, -7])
    #expect(store.quantity == -7)
  }

  @Test func aRefusedActionChangesNeitherTheBasketNorTheStore() throws {
    let store = ControlledQuantityStore()
    let shopping = ShoppingUseCase(mode: .controlled)
    var state = ShopState()
    #expect(throws: ShoppingError.basket(.notEnoughInBasket(name: "apple", inBasket: 0, removing: 1))) {
      try shopping.remove(itemWithID: "apple", in: &state)
    }
    #expect(throws: ShoppingError.basket(.emptyBasket)) {
      try shopping.checkout(&state, at: Date(), from: catalog)
    }
    #expect(throws: ShoppingError.basket(.noPreviousOrder)) {
      try Reorder(mode: .controlled).reorderLastOrder(from: catalog, in: &state)
    }
    try store.perform(shopping.buy(apple.withQuantity(999), in: &state), basket: state.basket)
    let error = #expect(throws: ShoppingError.self) { try shopping.buy(apple, in: &state) }
    #expect(error?.description == "cannot add 1 × Apple: the basket holds 999 and a line holds at most 999")
    #expect(store.quantity == 999)
    #expect(state.basket.badgeQuantity == 999)
  }

  @Test func switchingStoresCarriesTheBasketOverWhateverTheOldStoreHeld() throws {
    var state = ShopState()
    let simple = QuantityStoreMode.simple.makeStore(carrying: state.basket)
    try simple.perform(
      ShoppingUseCase(mode: simple.mode).buy(apple.withQuantity(4), in: &state), basket: state.basket)
    (simple as? SimpleQuantityStore)?.quantitySubject.send(-3)
    let controlled = QuantityStoreMode.controlled.makeStore(carrying: state.basket)
    #expect(controlled is ControlledQuantityStore)
    #expect(controlled.quantity == 4)
    try controlled.perform(ShoppingUseCase(mode: controlled.mode).buy(pear, in: &state), basket: state.basket)
    let derived = QuantityStoreMode.derived.makeStore(carrying: state.basket)
    #expect(derived is BasketStore)
    #expect(derived.quantity == 5)
    try derived.perform(ShoppingUseCase(mode: derived.mode).addPaperBag(in: &state), basket: state.basket)
    let back = QuantityStoreMode.simple.makeStore(carrying: state.basket)
    #expect(back is SimpleQuantityStore)
    #expect(back.quantity == 5)
  }

  @Test func theModeKeyCyclesThroughAllThreeStores() {
    #expect(QuantityStoreMode.controlled.next == .simple)
    #expect(QuantityStoreMode.simple.next == .derived)
    #expect(QuantityStoreMode.derived.next == .controlled)
    #expect(QuantityStoreMode(rawValue: "derived") == .derived)
  }

  @Test func theDerivedReorderAddsTheItemsSoItCannotForgetTheBasket() throws {
    let store = QuantityStoreMode.derived.makeStore()
    var state = try shopAndCheckOut(with: store)
    let recorder = ValueRecorder(store.quantityPublisher)
    try store.perform(
      ShoppingUseCase(mode: store.mode).buy(apple.withQuantity(3), in: &state), basket: state.basket)
    try store.perform(
      Reorder(mode: store.mode).reorderLastOrder(from: catalog, in: &state).write, basket: state.basket)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 5)
    #expect(recorder.values == [0, 3, 5])
  }

  @Test func theSimpleReorderSendsTheTotalOfWhatWasActuallyAdded() throws {
    let store = QuantityStoreMode.simple.makeStore()
    let order = Order(
      items: [apple.withQuantity(2), dodo.withQuantity(3)], placedAt: Date(timeIntervalSince1970: 1))
    var state = ShopState(orders: [order])
    try store.perform(ShoppingUseCase(mode: store.mode).buy(pear, in: &state), basket: state.basket)
    let recorder = ValueRecorder(store.quantityPublisher)
    let (result, write) = try Reorder(mode: .simple).reorderLastOrder(from: catalog, in: &state)
    #expect(write == .reorder([apple.withQuantity(2)]))
    try store.perform(write, basket: state.basket)
    #expect(result.leftOut == [dodo.withQuantity(3)])
    #expect(state.basket.badgeQuantity == 3)
    #expect(recorder.values == [1, 2])
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func itemsTheCatalogNoLongerSellsCanBeRemovedAndAreNeverCheckedOut(mode: QuantityStoreMode) throws {
    let basket = Basket(lines: [apple, dodo.withQuantity(2), .paperBag()])
    let store = mode.makeStore(carrying: basket)
    let shopping = ShoppingUseCase(mode: mode)
    var state = ShopState(basket: basket)
    let recorder = ValueRecorder(store.quantityPublisher)
    #expect(throws: ShoppingError.basket(.unavailableItems(names: ["Dodo egg"]))) {
      try shopping.checkout(&state, at: Date(timeIntervalSince1970: 1), from: catalog)
    }
    #expect(state.basket == basket)
    let (removed, write) = try shopping.removeUnavailableItems(from: catalog, in: &state)
    #expect(removed == [dodo.withQuantity(2)])
    #expect(write == .remove([dodo.withQuantity(2)]))
    if let write { try store.perform(write, basket: state.basket) }
    #expect(state.basket.lines == [apple, .paperBag()])
    let none = try shopping.removeUnavailableItems(from: catalog, in: &state)
    #expect(none.removed == [] && none.write == nil)
    let (order, reset) = try shopping.checkout(&state, at: Date(timeIntervalSince1970: 2), from: catalog)
    #expect(order.items == [apple, .paperBag()])
    #expect(reset == .reset)
    try store.perform(reset, basket: state.basket)
    #expect(recorder.values == [3, 1, 0])
  }

  @Test func aSingleLineTheCatalogNoLongerSellsCanBeRemovedByID() throws {
    let store = ControlledQuantityStore(quantity: 3)
    var state = ShopState(basket: Basket(lines: [apple, dodo.withQuantity(2)]))
    let write = try ShoppingUseCase(mode: .controlled).remove(
      itemWithID: "dodo", quantity: 2, in: &state, storeHolding: store.quantity)
    #expect(write == .remove([dodo.withQuantity(2)]))
    try store.perform(write, basket: state.basket)
    #expect(state.basket.lines == [apple])
    #expect(store.quantity == 1)
  }

  @Test func theUseCasesReturnTheirWriteAndTouchNoStore() throws {
    let shopping = ShoppingUseCase(mode: .controlled)
    var state = ShopState()
    #expect(try shopping.buy(apple.withQuantity(2), in: &state) == .add([apple.withQuantity(2)]))
    #expect(try shopping.addPaperBag(in: &state) == .add([.paperBag()]))
    #expect(try shopping.remove(itemWithID: "apple", in: &state) == .remove([apple]))
    let before = state
    #expect(try shopping.checkout(&state, at: Date(timeIntervalSince1970: 3), from: catalog).write == .reset)
    let reorder = try Reorder(mode: .controlled).reorderLastOrder(from: catalog, in: &state)
    #expect(reorder.write == .reorder([apple, .paperBag()]))
    let reordered = state.basket
    #expect(
      try Undo(mode: .controlled).restore(before, from: &state)
        == .restore(from: reordered, to: before.basket))
    #expect(state == before)
  }

  @Test func aWriteTheStoreWouldRefuseIsRefusedBeforeTheShopChanges() throws {
    // A controlled store at 0 under a basket of three apples (written from elsewhere): taking one out
    // would take it below zero, so nothing changes; a simple store accepts anything.
    let basket = Basket(lines: [apple.withQuantity(3)])
    var state = ShopState(basket: basket)
    #expect(throws: ShoppingError.quantity(.wouldBeNegative(current: 0, removing: 1))) {
      try ShoppingUseCase(mode: .controlled).remove(itemWithID: "apple", in: &state, storeHolding: 0)
    }
    #expect(state.basket == basket)
    #expect(
      try ShoppingUseCase(mode: .simple).remove(itemWithID: "apple", in: &state, storeHolding: 0)
        == .remove([apple]))
    #expect(state.basket.lines == [apple.withQuantity(2)])
  }
}
