import Foundation
import Shop
import Testing

@testable import AppCore

/// Key sequences through the app core on a virtual clock, with every change of the state, every
/// effect (each key's write to the store among them) and every value the pipeline hands back asserted;
/// beside them, what the header, the basket and the script output show after the steps that matter.
@Suite struct KeySequenceTests {
  static let apple = Catalog.builtIn.items[0]
  static let banana = Catalog.builtIn.items[1]
  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theBadgeSettlesOneIntervalAfterTheLastChange() {
    let app = TestStore()
    let one = ShopState(basket: .holding((Self.apple, 1)))
    let two = ShopState(basket: .holding((Self.apple, 2)))
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.advance(milliseconds: 600)
    app.press(.character("a"), effects: .change(.add([Self.apple]), at: 600, count: 2, saving: two)) {
      $0.expectChange(to: two, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    app.advance(milliseconds: 999)
    app.finish()
    #expect(app.header.hasSuffix("Basket: 0 → 2"))
    app.advance(milliseconds: 1)
    app.receiveBadge(2)
    #expect(app.header.hasSuffix("Basket: 2"))
    #expect(app.scriptLines == ["0.000 sent 1", "0.600 sent 2", "1.600 badge 2"])
    app.finish()
  }

  @Test func aPaperBagIsInTheBasketButNotOnTheBadge() {
    let app = TestStore()
    let bag = ShoppingItem.paperBag()
    let one = ShopState(basket: .holding((Self.apple, 1)))
    let oneBag = ShopState(basket: .holding((Self.apple, 1), (bag, 1)))
    let twoBags = ShopState(basket: .holding((Self.apple, 1), (bag, 2)))
    let said = "added a paper bag (free, not counted on the badge)"
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("b"), effects: .change(.add([bag]), at: 0, count: nil, saving: oneBag)) {
      $0.expectChange(to: oneBag, saying: said, count: nil)
    }
    app.press(.character("b"), effects: .change(.add([bag]), at: 0, count: nil, saving: twoBags)) {
      $0.expectChange(to: twoBags, saying: said, count: nil)
    }
    app.advance(milliseconds: 1000)
    app.receiveBadge(1)
    #expect(app.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 2)
    #expect(app.state.badge.value == 1)
    #expect(app.scriptLines == ["0.000 sent 1", "1.000 badge 1"])
    app.finish()
  }

  @Test func removingBelowZeroIsRefusedWithAStatusLine() {
    let app = TestStore()
    let reason = "cannot remove Apple: it is not in the basket"
    app.press(.character("x"), effects: .refusal(reason, at: 0)) {
      $0.expectRefusal(reason)
    }
    #expect(app.state.status == .init(text: reason, kind: .error))
    #expect(app.scriptLines == ["0.000 note cannot remove Apple: it is not in the basket"])
    app.finish()
  }

  @Test func checkoutOfAnEmptyBasketAndReorderWithoutOrderAreRefused() {
    let app = TestStore()
    let empty = "cannot check out: the basket is empty"
    app.press(.character("c"), effects: .refusal(empty, at: 0)) {
      $0.expectRefusal(empty)
    }
    #expect(app.state.status.kind == .error)
    let noOrder = "cannot reorder: there is no previous order"
    app.press(.character("r"), effects: .refusal(noOrder, at: 0)) {
      $0.expectRefusal(noOrder)
    }
    #expect(app.state.status.kind == .error)
    #expect(app.state.status.text.contains("order"))
    app.finish()
  }

  /// Two apples checked out, a banana put in, then `r`: the steps of the reorder tests, in `mode`,
  /// up to the reorder (not pressed); the store's values are `published` after the checkout, the
  /// banana (the simple and controlled stores both follow the basket so far).
  static func checkOutTwoApplesAndAddABanana(_ app: TestStore) -> ShopState {
    let one = ShopState(basket: .holding((apple, 1)))
    let two = ShopState(basket: .holding((apple, 2)))
    let order = Order(items: [apple.withQuantity(2)], placedAt: date)
    let checkedOut = ShopState(orders: [order])
    let banana = ShopState(basket: .holding((Self.banana, 1)), orders: [order])
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("a"), effects: .change(.add([apple]), at: 0, count: 2, saving: two)) {
      $0.expectChange(to: two, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    app.press(
      .character("y"),
      effects: .change(.reset, at: 0, marking: .checkout, count: 0, saving: checkedOut, durably: true)
    ) {
      $0.overlay = nil
      $0.expectChange(to: checkedOut, saying: "checked out 2 items, 1.00 EUR", marking: .checkout, count: 0)
      $0.checkoutAwaitingSave = two
    }
    app.receiveSent(0)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 1, saving: banana)) {
      $0.expectChange(to: banana, saying: "added Banana", count: 1)
    }
    app.receiveSent(1)
    return banana
  }

  @Test func reorderInTheControlledStoreAddsToTheBadge() {
    let app = TestStore(mode: .controlled)
    let before = Self.checkOutTwoApplesAndAddABanana(app)
    var after = before
    after.basket = .holding((Self.banana, 1), (Self.apple, 2))
    app.press(
      .character("r"),
      effects: .change(
        .reorder([Self.apple.withQuantity(2)]), at: 0, marking: .reorder, count: 3, saving: after)
    ) {
      $0.expectChange(to: after, saying: "reordered 2 items from the last order", marking: .reorder, count: 3)
    }
    app.receiveSent(3)
    app.advance(milliseconds: 1000)
    app.receiveBadge(3)
    #expect(app.state.basketQuantity == 3)
    #expect(app.header.hasSuffix("Basket: 3"))
    #expect(app.state.disagreement == nil)
    app.finish()
  }

  /// The reorder in the simple store: the store is told the reorder's total (2), not the basket's (3).
  static func reorderInTheSimpleStore(_ app: TestStore) -> ShopState {
    let before = checkOutTwoApplesAndAddABanana(app)
    var after = before
    after.basket = .holding((banana, 1), (apple, 2))
    app.press(
      .character("r"),
      effects: .change(.reorder([apple.withQuantity(2)]), at: 0, marking: .reorder, count: 3, saving: after)
    ) {
      $0.expectChange(to: after, saying: "reordered 2 items from the last order", marking: .reorder, count: 3)
    }
    app.receiveSent(2)
    app.advance(milliseconds: 1000)
    app.receiveBadge(2, note: "badge 2 but basket holds 3 (-1)")
    return after
  }

  @Test func reorderInTheSimpleStoreSetsTheBadgeToTheReorderTotal() {
    let app = TestStore(mode: .simple)
    _ = Self.reorderInTheSimpleStore(app)
    #expect(app.state.basketQuantity == 3)
    #expect(app.state.badge.value == 2)
    #expect(app.state.disagreement == -1)
    #expect(app.header.hasSuffix("Basket: 2 · basket 3 (1 short)"))
    #expect(app.scriptLines.last == "1.000 note badge 2 but basket holds 3 (-1)")
    app.finish()
  }

  @Test func theHeaderNeverShowsANegativeBadgeEvenWhenTheSimpleStoreHoldsOne() {
    let app = TestStore(mode: .simple)
    // Checkout one apple, put two bananas in, reorder (the store is told 1), then take the bananas out:
    // the simple store subtracts 2 from 1.
    let one = ShopState(basket: .holding((Self.apple, 1)))
    let order = Order(items: [Self.apple.withQuantity(1)], placedAt: Self.date)
    let checkedOut = ShopState(orders: [order])
    let oneBanana = ShopState(basket: .holding((Self.banana, 1)), orders: [order])
    let twoBananas = ShopState(basket: .holding((Self.banana, 2)), orders: [order])
    let reordered = ShopState(basket: .holding((Self.banana, 2), (Self.apple, 1)), orders: [order])
    let removedOne = ShopState(basket: .holding((Self.banana, 1), (Self.apple, 1)), orders: [order])
    let removedBoth = ShopState(basket: .holding((Self.apple, 1)), orders: [order])
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    app.press(
      .character("y"),
      effects: .change(.reset, at: 0, marking: .checkout, count: 0, saving: checkedOut, durably: true)
    ) {
      $0.overlay = nil
      $0.expectChange(to: checkedOut, saying: "checked out 1 item, 0.50 EUR", marking: .checkout, count: 0)
      $0.checkoutAwaitingSave = one
    }
    app.receiveSent(0)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 1, saving: oneBanana)) {
      $0.expectChange(to: oneBanana, saying: "added Banana", count: 1)
    }
    app.receiveSent(1)
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 2, saving: twoBananas)) {
      $0.expectChange(to: twoBananas, saying: "added Banana", count: 2)
    }
    app.receiveSent(2)
    app.press(
      .character("r"),
      effects: .change(.reorder([Self.apple]), at: 0, marking: .reorder, count: 3, saving: reordered)
    ) {
      $0.expectChange(
        to: reordered, saying: "reordered 1 item from the last order", marking: .reorder, count: 3)
    }
    app.receiveSent(1)
    app.press(.character("x"), effects: .change(.remove([Self.banana]), at: 0, count: 2, saving: removedOne))
    {
      $0.expectChange(to: removedOne, saying: "removed Banana", count: 2)
    }
    app.receiveSent(0)
    app.press(.character("x"), effects: .change(.remove([Self.banana]), at: 0, count: 1, saving: removedBoth))
    {
      $0.expectChange(to: removedBoth, saying: "removed Banana", count: 1)
    }
    app.receiveSent(-1)
    app.advance(milliseconds: 1000)
    app.receiveBadge(-1, note: "badge -1 but basket holds 1 (-2)")
    #expect(app.store.quantity == -1)
    #expect(app.state.basketQuantity == 1)
    #expect(app.header.hasSuffix("Basket: 0 · badge −1, basket 1 (2 short)"))
    app.finish()
  }

  @Test func switchingModeCarriesTheBasketCountOver() {
    let app = TestStore(mode: .simple)
    _ = Self.reorderInTheSimpleStore(app)
    app.press(
      .character("m"),
      effects: [
        .announce(TimedEvent(milliseconds: 1000, event: .action(.mode(.derived)))),
        .useStore(.derived, replay: true),
      ]
    ) {
      $0.mode = .derived
      $0.timeline.record(.action(.mode(.derived)), at: 1000)
      $0.say("derived store: \(QuantityStoreMode.derived.summary)", kind: .info)
    }
    #expect(app.state.mode == .derived, "m cycles simple, derived, controlled")
    #expect(app.store.quantity == 3)
    // The badge is behind the basket: the new store's value is sent again, through the debounce.
    app.receiveSent(3)
    app.advance(milliseconds: 999)
    app.finish()
    app.advance(milliseconds: 1)
    app.receiveBadge(3)
    #expect(app.state.badge.value == 3)
    #expect(app.header.contains("derived store"))
    app.press(
      .character("m"),
      effects: [
        .announce(TimedEvent(milliseconds: 2000, event: .action(.mode(.controlled)))),
        .useStore(.controlled, replay: false),
      ]
    ) {
      $0.mode = .controlled
      $0.timeline.record(.action(.mode(.controlled)), at: 2000)
      $0.say("controlled store: \(QuantityStoreMode.controlled.summary)", kind: .info)
    }
    #expect(app.state.mode == .controlled)
    #expect(app.store.quantity == 3)
    app.finish()
  }

  /// The effects and the change of a debounce key that sets `milliseconds`, said as `said`.
  static func debounceStep(_ app: TestStore, _ key: Character, to milliseconds: Int, saying said: String) {
    let interval = DebounceInterval(milliseconds: milliseconds)
    let now = app.now
    app.press(
      .character(key),
      effects: [
        .announce(TimedEvent(milliseconds: now, event: .action(.debounce(interval)))),
        .setDebounce(interval, replay: false),
      ] + (app.state.isTicking ? [] : [.startTicking])
    ) {
      $0.debounce = interval
      $0.timeline.record(.action(.debounce(interval)), at: now)
      $0.say(said, kind: .info)
      $0.isTicking = true
    }
  }

  @Test func debounceKeysStepBy100msWithinZeroAndFiveSeconds() {
    let app = TestStore(debounce: DebounceInterval(milliseconds: 200))
    Self.debounceStep(app, "-", to: 100, saying: "debounce 0.1s, from the next change")
    Self.debounceStep(app, "-", to: 0, saying: "debounce off (the minimum), from the next change")
    app.press(.character("-"), effects: []) {
      $0.say("the debounce is already off, the minimum", kind: .info)
    }
    #expect(app.state.debounce.milliseconds == 0)
    #expect(app.header.contains("debounce off"))
    let one = ShopState(basket: .holding((Self.apple, 1)))
    app.press(.character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: one)) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
    }
    app.receiveSent(1)
    app.receiveBadge(1)
    #expect(app.state.badge.value == 1, "no debounce: the badge follows on the scheduler's next turn")
    for step in 1...49 {
      Self.debounceStep(
        app, "+", to: step * 100, saying: "debounce \(step / 10).\(step % 10)s, from the next change")
    }
    Self.debounceStep(app, "+", to: 5000, saying: "debounce 5.0s (the maximum), from the next change")
    for _ in 0..<10 {
      app.press(.character("+"), effects: []) {
        $0.say("the debounce is already 5.0s, the maximum", kind: .info)
      }
    }
    #expect(app.state.debounce.milliseconds == 5000)
    app.finish()
  }

  @Test func aNewIntervalAppliesFromTheNextChange() {
    let app = TestStore(debounce: DebounceInterval(milliseconds: 1000))
    let one = ShopState(basket: .holding((Self.apple, 1)))
    let two = ShopState(basket: .holding((Self.apple, 2)))
    let longer = DebounceInterval(milliseconds: 1100)
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(
      .character("+"),
      effects: [
        .announce(TimedEvent(milliseconds: 0, event: .action(.debounce(longer)))),
        .setDebounce(longer, replay: true),
      ]
    ) {
      $0.debounce = longer
      $0.timeline.record(.action(.debounce(longer)), at: 0)
      $0.say("debounce 1.1s, from the next change", kind: .info)
    }
    app.advance(milliseconds: 1099)
    app.finish()
    #expect(app.state.badge.value == 0)
    app.advance(milliseconds: 1)
    app.receiveBadge(1)
    #expect(app.state.badge.value == 1)
    app.press(.character("a"), effects: .change(.add([Self.apple]), at: 1100, count: 2, saving: two)) {
      $0.expectChange(to: two, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    app.advance(milliseconds: 1099)
    app.finish()
    app.advance(milliseconds: 1)
    app.receiveBadge(2)
    #expect(app.state.badge.value == 2)
    app.finish()
  }

  // Not exhaustive: each letter typed also fills the filter's history (the matches kept for each
  // prefix, a cache FilterTests cover); this test is about what the list shows.
  @Test func filterNarrowsByNameIgnoringCaseAndAccentsAndEscClears() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("CREME")
    #expect(app.state.visibleCount == 1)
    #expect(app.state.selectedItem?.name == "Crème fraîche")
    app.press(.enter, .character("a"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "creme-fraiche") == 1)
    #expect(app.takeEffects().contains(.write(.add([Catalog.builtIn.items[4]]))))
    app.press(.escape)
    #expect(app.state.visibleCount == Catalog.builtIn.items.count)
  }

  @Test func navigationKeysMoveAndScrollWithinTheList() throws {
    let items = (0..<1000).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }
    let app = TestStore(catalog: try Catalog(currency: "EUR", items: items))
    let rows = app.state.layout.list.height
    app.press(.end, effects: []) {
      $0.list.selection = 999
      $0.list.scroll = 999 - (rows - 1)
    }
    #expect(app.screen.contains("Item 999"))
    app.press(.pageUp, effects: []) {
      // The first page up goes to the top row in view.
      $0.list.selection = 999 - (rows - 1)
    }
    #expect(app.state.list.selection < 999)
    app.press(.character("g"), effects: []) {
      $0.list.selection = 0
      $0.list.scroll = 0
    }
    app.press(.character("k"), effects: [])
    #expect(app.state.list.selection == 0)
    app.finish()
  }

  @Test func clickSelectsAndDoubleClickAdds() {
    let app = TestStore()
    let top = app.state.layout.list.origin.y
    let item = Catalog.builtIn.items[3]
    let one = ShopState(basket: .holding((item, 1)))
    app.send(.click(x: 3, y: top + 2), effects: []) {
      $0.list.selection = 2
    }
    #expect(app.state.selectedItem?.id == Catalog.builtIn.items[2].id)
    app.send(
      .doubleClick(x: 3, y: top + 3),
      effects: .change(.add([item]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.list.selection = 3
      $0.expectChange(to: one, saying: "added \(item.name)", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    #expect(app.state.shop.basket.quantity(ofItemWithID: Catalog.builtIn.items[3].id) == 1)
    app.send(.click(x: 3, y: top + 500), effects: [])
    #expect(app.state.selectedItem?.id == Catalog.builtIn.items[3].id)
    app.finish()
  }

  @Test func resizeToAnySizeKeepsWorking() {
    let app = TestStore()
    // At 1x1, 0x0 and 39x11 the screen says too small: keys do nothing.
    for (width, height) in [(1, 1), (0, 0), (39, 11)] {
      app.send(.resize(width: width, height: height), effects: []) {
        $0.width = width
        $0.height = height
      }
      app.press(.character("a"), effects: [])
      app.press(.down, effects: [])
      _ = app.screen
    }
    let items = Catalog.builtIn.items
    var basket = Basket()
    for (index, (width, height)) in [(40, 12), (300, 100), (80, 24)].enumerated() {
      app.send(.resize(width: width, height: height), effects: []) {
        $0.width = width
        $0.height = height
      }
      let before = ShopState(basket: basket)
      basket = Basket(lines: items[0...index].map { $0.withQuantity(1) })
      let after = ShopState(basket: basket)
      app.press(
        .character("a"),
        effects: .change(
          .add([items[index]]), at: 0, count: index + 1, saving: after, startsTicking: index == 0)
      ) {
        #expect($0.shop == before)
        $0.expectChange(to: after, saying: "added \(items[index].name)", count: index + 1)
        $0.isTicking = true
      }
      app.receiveSent(index + 1)
      app.press(.down, effects: []) {
        $0.list.selection = index + 1
      }
      _ = app.screen
    }
    #expect(app.state.basketQuantity == 3)
    app.finish()
  }

  @Test func helpOpensAndClosesAndQStillQuits() {
    let app = TestStore()
    app.press(.character("?"), effects: []) {
      $0.overlay = .help(scroll: 0)
    }
    app.press(.character("a"), effects: [])
    #expect(app.state.basketQuantity == 0, "keys other than close and quit do nothing under the help")
    app.press(.character("q"), effects: [.quit])
    app.press(.escape, effects: []) {
      $0.overlay = nil
    }
    app.press(.character("q"), effects: [.quit])
    app.finish()
  }
}
