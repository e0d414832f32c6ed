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
    let shopping = ShoppingUseCase(store: store)
    try shopping.buy(apple, in: &state)
    try shopping.buy(apple, in: &state)
    try shopping.addPaperBag(in: &state)
    try shopping.buy(pear, in: &state)
    try shopping.remove(itemWithID: "apple", in: &state)
    #expect(store.quantity == 2)
    #expect(state.basket.badgeQuantity == 2)
    try shopping.checkout(&state, at: Date(timeIntervalSince1970: 10), from: catalog)
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
    try ShoppingUseCase(store: store).buy(apple.withQuantity(3), in: &state)
    try Reorder(store: store).reorderLastOrder(from: catalog, in: &state)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 5)
    #expect(recorder.values == [0, 3, 5])
  }

  @Test func theSimpleReorderSendsItsOwnTotalAndTheBadgeForgetsTheBasket() throws {
    let store = QuantityStoreMode.simple.makeStore()
    var state = try shopAndCheckOut(with: store)
    let recorder = ValueRecorder(store.quantityPublisher)
    try ShoppingUseCase(store: store).buy(apple.withQuantity(3), in: &state)
    try Reorder(store: store).reorderLastOrder(from: catalog, in: &state)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 2)
    #expect(recorder.values == [0, 3, 2])
  }

  @Test func theSimpleStoreLetsAnyoneSendAnyValueAndRepeatsReachReaders() {
    let store = SimpleQuantityStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    store.quantitySubject.send(-7)
    store.quantitySubject.send(-7)
    var state = ShopState()
    try? ShoppingUseCase(store: store).addPaperBag(in: &state)
    #expect(recorder.values == [0, -7, -7, -7])
    #expect(store.quantity == -7)
  }

  @Test func aRefusedActionChangesNeitherTheBasketNorTheStore() throws {
    let store = ControlledQuantityStore()
    let shopping = ShoppingUseCase(store: store)
    var state = ShopState()
    #expect(throws: ShoppingError.basket(.notEnoughInBasket(name: "apple", inBasket: 0, removing: 1))) {
      try shopping.remove(itemWithID: "apple", in: &state)
    }
    #expect(throws: ShoppingError.basket(.emptyBasket)) {
      try shopping.checkout(&state, at: Date(), from: catalog)
    }
    #expect(throws: ShoppingError.basket(.noPreviousOrder)) {
      try Reorder(store: store).reorderLastOrder(from: catalog, in: &state)
    }
    try shopping.buy(apple.withQuantity(999), in: &state)
    let error = #expect(throws: ShoppingError.self) { try shopping.buy(apple, in: &state) }
    #expect(error?.description == "cannot add 1 × Apple: the basket holds 999 and a line holds at most 999")
    #expect(store.quantity == 999)
    #expect(state.basket.badgeQuantity == 999)
  }

  @Test func switchingStoresCarriesTheBasketOverWhateverTheOldStoreHeld() throws {
    var state = ShopState()
    let simple = QuantityStoreMode.simple.makeStore(carrying: state.basket)
    try ShoppingUseCase(store: simple).buy(apple.withQuantity(4), in: &state)
    (simple as? SimpleQuantityStore)?.quantitySubject.send(-3)
    let controlled = QuantityStoreMode.controlled.makeStore(carrying: state.basket)
    #expect(controlled is ControlledQuantityStore)
    #expect(controlled.quantity == 4)
    try ShoppingUseCase(store: controlled).buy(pear, in: &state)
    let derived = QuantityStoreMode.derived.makeStore(carrying: state.basket)
    #expect((derived as? BasketStore)?.basket == state.basket)
    #expect(derived.quantity == 5)
    try ShoppingUseCase(store: derived).addPaperBag(in: &state)
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
    try ShoppingUseCase(store: store).buy(apple.withQuantity(3), in: &state)
    try Reorder(store: store).reorderLastOrder(from: catalog, in: &state)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 5)
    #expect((store as? BasketStore)?.basket == state.basket)
    #expect(recorder.values == [0, 3, 5])
  }

  @Test func theSimpleReorderSendsTheTotalOfWhatWasActuallyAdded() throws {
    let store = QuantityStoreMode.simple.makeStore()
    let order = Order(
      items: [apple.withQuantity(2), dodo.withQuantity(3)], placedAt: Date(timeIntervalSince1970: 1))
    var state = ShopState(orders: [order])
    try ShoppingUseCase(store: store).buy(pear, in: &state)
    let recorder = ValueRecorder(store.quantityPublisher)
    let result = try Reorder(store: store).reorderLastOrder(from: catalog, in: &state)
    #expect(result.leftOut == [dodo.withQuantity(3)])
    #expect(state.basket.badgeQuantity == 3)
    #expect(recorder.values == [1, 2])
  }

  @Test(arguments: QuantityStoreMode.allCases)
  func itemsTheCatalogNoLongerSellsCanBeRemovedAndAreNeverCheckedOut(mode: QuantityStoreMode) throws {
    let basket = Basket(lines: [apple, dodo.withQuantity(2), .paperBag()])
    let store = mode.makeStore(carrying: basket)
    let shopping = ShoppingUseCase(store: store)
    var state = ShopState(basket: basket)
    let recorder = ValueRecorder(store.quantityPublisher)
    #expect(throws: ShoppingError.basket(.unavailableItems(names: ["Dodo egg"]))) {
      try shopping.checkout(&state, at: Date(timeIntervalSince1970: 1), from: catalog)
    }
    #expect(state.basket == basket)
    let removed = try shopping.removeUnavailableItems(from: catalog, in: &state)
    #expect(removed == [dodo.withQuantity(2)])
    #expect(state.basket.lines == [apple, .paperBag()])
    #expect(try shopping.removeUnavailableItems(from: catalog, in: &state) == [])
    let order = try shopping.checkout(&state, at: Date(timeIntervalSince1970: 2), from: catalog)
    #expect(order.items == [apple, .paperBag()])
    #expect(recorder.values == [3, 1, 0])
  }

  @Test func aSingleLineTheCatalogNoLongerSellsCanBeRemovedByID() throws {
    let store = ControlledQuantityStore(quantity: 3)
    var state = ShopState(basket: Basket(lines: [apple, dodo.withQuantity(2)]))
    try ShoppingUseCase(store: store).remove(itemWithID: "dodo", quantity: 2, in: &state)
    #expect(state.basket.lines == [apple])
    #expect(store.quantity == 1)
  }
}
