import Foundation
import Shop
import Testing

@testable import AppCore

/// What each key asks of the reactive side, as the effects `update` returns: the store's write, a
/// store switch, a debounce change. `update` performs none of them (it has no pipeline to call); the
/// test store hands them to the pipeline as the runtime does, and the store then holds what they say.
@Suite struct WriteEffectTests {
  static let apple = Catalog.builtIn.items[0]
  static let banana = Catalog.builtIn.items[1]

  /// The effects of pressing `keys` meant for the pipeline, in order (the rest: saves, announcements,
  /// ticks, are asserted elsewhere).
  private func pipelineEffects(_ app: TestStore, _ keys: Key...) -> [AppEffect] {
    _ = app.takeEffects()
    for key in keys { app.press(key) }
    return app.takeEffects().filter { effect in
      switch effect {
      case .write, .useStore, .setDebounce, .showLanes: true
      default: false
      }
    }
  }

  @Test func eachShopKeyReturnsItsWriteAndTheStoreFollowsOnlyOnceTheRuntimePerformsIt() {
    let app = TestStore(exhaustive: false)
    #expect(pipelineEffects(app, .character("a")) == [.write(.add([Self.apple]))])
    #expect(app.store.quantity == 1)
    #expect(
      pipelineEffects(app, .character("3"), .character("a")) == [.write(.add([Self.apple.withQuantity(3)]))])
    #expect(pipelineEffects(app, .character("x")) == [.write(.remove([Self.apple]))])
    #expect(pipelineEffects(app, .character("b")) == [.write(.add([.paperBag()]))])
    #expect(app.store.quantity == 3)
    let checkedOut = app.state.shop.basket
    #expect(pipelineEffects(app, .character("c")) == [], "the checkout asks first and writes nothing")
    #expect(pipelineEffects(app, .character("y")) == [.write(.reset)])
    #expect(app.store.quantity == 0)
    #expect(app.state.shop.orders.last?.items == OrderItems(checkedOut.lines))
    #expect(app.state.shop.orders.last?.placedAt == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(pipelineEffects(app, .down, .character("a")) == [.write(.add([Self.banana]))])
    let beforeReorder = app.state.shop.basket
    #expect(pipelineEffects(app, .character("r")) == [.write(.reorder(checkedOut.lines))])
    #expect(app.store.quantity == 4)
    let reordered = app.state.shop.basket
    #expect(pipelineEffects(app, .character("u")) == [.write(.restore(from: reordered, to: beforeReorder))])
    #expect(app.state.shop.basket == beforeReorder)
    #expect(app.store.quantity == 1)
  }

  @Test func aRefusedKeyReturnsNoWriteAndTheStoreIsUntouched() {
    let app = TestStore(exhaustive: false)
    #expect(pipelineEffects(app, .character("x")) == [])
    #expect(pipelineEffects(app, .character("r")) == [])
    #expect(pipelineEffects(app, .character("u")) == [])
    #expect(app.state.shop == ShopState())
    #expect(app.store.quantity == 0)
    #expect(app.state.status.kind == .info, "u with nothing to undo says so")
  }

  @Test func theModeKeyReturnsTheStoreSwitchAndTheDerivedStoreIsGivenTheBasket() {
    let app = TestStore(exhaustive: false)
    _ = pipelineEffects(app, .character("2"), .character("a"))
    app.advance(milliseconds: 1000)  // the badge settles on 2: nothing to replay
    #expect(pipelineEffects(app, .character("m")) == [.useStore(.simple, replay: false)])
    #expect(app.store is SimpleQuantityStore)
    #expect(app.store.quantity == 2)
    #expect(pipelineEffects(app, .character("m")) == [.useStore(.derived, replay: false)])
    #expect(pipelineEffects(app, .character("b")) == [.write(.add([.paperBag()]))])
    #expect(app.store is BasketStore)
    #expect(app.store.quantity == app.state.shop.basket.badgeQuantity)
    #expect(pipelineEffects(app, .character("m")) == [.useStore(.controlled, replay: false)])
    #expect(app.store is ControlledQuantityStore)
    #expect(app.store.quantity == 2)
  }

  @Test func inTheDerivedModeTheBadgeFollowsTheStatesBasketThroughRestoreReorderAndUndo() {
    // A restored shop: two bananas in the basket, an order of three apples before them.
    let order = Order(items: [Self.apple.withQuantity(3)], placedAt: Date(timeIntervalSince1970: 1))
    let restored = ShopState(basket: Basket(lines: [Self.banana.withQuantity(2)]), orders: [order])
    let app = TestStore(exhaustive: false, shop: restored, mode: .derived)
    #expect(app.store.quantity == 2)
    #expect(app.state.badge.value == 2)
    var badges: [Int] = []
    for key in ["b", "a", "r", "u", "u", "u"] {
      app.press(.character(Character(key)))
      app.advance(milliseconds: 1000)
      #expect(app.store.quantity == app.state.shop.basket.badgeQuantity, "after \(key)")
      badges.append(app.state.badge.value)
    }
    // The bag counts for nothing; the reorder adds to the basket; each undo takes the basket back.
    #expect(badges == [2, 3, 6, 3, 2, 2])
    #expect(app.state.shop == restored)
  }

  @Test func aModeSwitchWhileAValueIsOnItsWayReplaysIt() {
    let app = TestStore(exhaustive: false)
    // The badge is still at 0 when `m` comes: the new store's value goes through the debounce.
    #expect(
      pipelineEffects(app, .character("a"), .character("m")) == [
        .write(.add([Self.apple])), .useStore(.simple, replay: true),
      ])
  }

  @Test func theDebounceKeysReturnTheNewIntervalAndNothingAtTheLimit() {
    let app = TestStore(exhaustive: false)
    let longer = DebounceInterval.standard.increased
    #expect(pipelineEffects(app, .character("+")) == [.setDebounce(longer, replay: false)])
    #expect(app.state.debounce == longer)
    _ = pipelineEffects(app, .character("a"))
    #expect(pipelineEffects(app, .character("-")) == [.setDebounce(.standard, replay: true)])
    let off = TestStore(exhaustive: false, debounce: DebounceInterval(milliseconds: 0))
    #expect(pipelineEffects(off, .character("-")) == [], "already off: said, not done")
  }
}
