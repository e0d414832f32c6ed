import Foundation
import Reactive
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)

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
    try shopping.checkout(&state, at: Date(timeIntervalSince1970: 10))
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
    try Reorder(store: store).addItemsToBasket(in: &state)
    #expect(state.basket.badgeQuantity == 5)
    #expect(store.quantity == 5)
    #expect(recorder.values == [0, 3, 5])
  }

  @Test func theSimpleReorderSendsItsOwnTotalAndTheBadgeForgetsTheBasket() throws {
    let store = QuantityStoreMode.simple.makeStore()
    var state = try shopAndCheckOut(with: store)
    let recorder = ValueRecorder(store.quantityPublisher)
    try ShoppingUseCase(store: store).buy(apple.withQuantity(3), in: &state)
    try Reorder(store: store).addItemsToBasket(in: &state)
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
    #expect(throws: ShoppingError.basket(.emptyBasket)) { try shopping.checkout(&state, at: Date()) }
    #expect(throws: ShoppingError.basket(.noPreviousOrder)) {
      try Reorder(store: store).addItemsToBasket(in: &state)
    }
    try shopping.buy(apple.withQuantity(999), in: &state)
    let error = #expect(throws: ShoppingError.self) { try shopping.buy(apple, in: &state) }
    #expect(error?.description == "cannot add 1 × Apple: the basket holds 999 and a line holds at most 999")
    #expect(store.quantity == 999)
    #expect(state.basket.badgeQuantity == 999)
  }

  @Test func aNewStoreStartsAtTheGivenCountClampedToWhatTheControlledStoreAccepts() throws {
    var state = ShopState()
    let controlled = QuantityStoreMode.controlled.makeStore()
    try ShoppingUseCase(store: controlled).buy(apple.withQuantity(4), in: &state)
    let simple = QuantityStoreMode.simple.makeStore(quantity: controlled.quantity)
    #expect(simple is SimpleQuantityStore)
    #expect(simple.quantity == 4)
    try ShoppingUseCase(store: simple).buy(pear, in: &state)
    let back = QuantityStoreMode.controlled.makeStore(quantity: simple.quantity)
    #expect(back is ControlledQuantityStore)
    #expect(back.quantity == 5)
    (simple as? SimpleQuantityStore)?.quantitySubject.send(-3)
    #expect(QuantityStoreMode.controlled.makeStore(quantity: simple.quantity).quantity == 0)
  }
}
