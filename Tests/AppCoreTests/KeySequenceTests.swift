import Shop
import Testing

@testable import AppCore

/// Key sequences through the app core (a test store that does not assert every step) on a virtual clock: what the header, the basket and the event
/// history show after each step.
@Suite struct KeySequenceTests {
  @Test func theBadgeSettlesOneIntervalAfterTheLastChange() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"))
    app.advance(milliseconds: 600)
    app.press(.character("a"))
    app.advance(milliseconds: 999)
    #expect(app.header.hasSuffix("Basket: 0 → 2"))
    app.advance(milliseconds: 1)
    #expect(app.header.hasSuffix("Basket: 2"))
    #expect(app.scriptLines == ["0.000 sent 1", "0.600 sent 2", "1.600 badge 2"])
  }

  @Test func aPaperBagIsInTheBasketButNotOnTheBadge() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("b"), .character("b"))
    app.advance(milliseconds: 1000)
    #expect(app.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 2)
    #expect(app.state.badge.value == 1)
    #expect(app.scriptLines == ["0.000 sent 1", "1.000 badge 1"])
  }

  @Test func removingBelowZeroIsRefusedWithAStatusLine() {
    let app = TestStore(exhaustive: false)
    app.press(.character("x"))
    #expect(
      app.state.status == .init(text: "cannot remove Apple: it is not in the basket", kind: .error)
    )
    #expect(app.scriptLines == ["0.000 note cannot remove Apple: it is not in the basket"])
  }

  @Test func checkoutOfAnEmptyBasketAndReorderWithoutOrderAreRefused() {
    let app = TestStore(exhaustive: false)
    app.press(.character("c"))
    #expect(app.state.status.kind == .error)
    app.press(.character("r"))
    #expect(app.state.status.kind == .error)
    #expect(app.state.status.text.contains("order"))
  }

  @Test func reorderInTheControlledStoreAddsToTheBadge() {
    let app = TestStore(exhaustive: false, mode: .controlled)
    app.press(
      .character("a"), .character("a"), .character("c"), .character("y"), .character("j"), .character("a"))
    app.press(.character("r"))
    app.advance(milliseconds: 1000)
    #expect(app.state.basketQuantity == 3)
    #expect(app.header.hasSuffix("Basket: 3"))
    #expect(app.state.disagreement == nil)
  }

  @Test func reorderInTheSimpleStoreSetsTheBadgeToTheReorderTotal() {
    let app = TestStore(exhaustive: false, mode: .simple)
    app.press(
      .character("a"), .character("a"), .character("c"), .character("y"), .character("j"), .character("a"))
    app.press(.character("r"))
    app.advance(milliseconds: 1000)
    #expect(app.state.basketQuantity == 3)
    #expect(app.state.badge.value == 2)
    #expect(app.state.disagreement == -1)
    #expect(app.header.hasSuffix("Basket: 2 · basket 3 (1 short)"))
    #expect(app.scriptLines.last == "1.000 note badge 2 but basket holds 3 (-1)")
  }

  @Test func theHeaderNeverShowsANegativeBadgeEvenWhenTheSimpleStoreHoldsOne() {
    let app = TestStore(exhaustive: false, mode: .simple)
    // Checkout one apple, put two bananas in, reorder (the store is told 1), then take the bananas out:
    // the simple store subtracts 2 from 1.
    app.press(
      .character("a"), .character("c"), .character("y"), .character("j"), .character("a"), .character("a"))
    app.press(.character("r"), .character("x"), .character("x"))
    app.advance(milliseconds: 1000)
    #expect(app.store.quantity == -1)
    #expect(app.state.basketQuantity == 1)
    #expect(app.header.hasSuffix("Basket: 0 · badge −1, basket 1 (2 short)"))
  }

  @Test func switchingModeCarriesTheBasketCountOver() {
    let app = TestStore(exhaustive: false, mode: .simple)
    app.press(
      .character("a"), .character("a"), .character("c"), .character("y"), .character("j"), .character("a"))
    app.press(.character("r"))
    app.advance(milliseconds: 1000)
    app.press(.character("m"))
    #expect(app.state.mode == .derived, "m cycles simple, derived, controlled")
    #expect(app.store.quantity == 3)
    app.advance(milliseconds: 1000)
    #expect(app.state.badge.value == 3)
    #expect(app.header.contains("derived store"))
    app.press(.character("m"))
    #expect(app.state.mode == .controlled)
    #expect(app.store.quantity == 3)
  }

  @Test func debounceKeysStepBy100msWithinZeroAndFiveSeconds() {
    let app = TestStore(exhaustive: false, debounce: DebounceInterval(milliseconds: 200))
    app.press(.character("-"), .character("-"), .character("-"))
    #expect(app.state.debounce.milliseconds == 0)
    #expect(app.header.contains("debounce off"))
    app.press(.character("a"))
    app.advance(milliseconds: 0)
    #expect(app.state.badge.value == 1, "no debounce: the badge follows on the scheduler's next turn")
    for _ in 0..<60 { app.press(.character("+")) }
    #expect(app.state.debounce.milliseconds == 5000)
  }

  @Test func aNewIntervalAppliesFromTheNextChange() {
    let app = TestStore(exhaustive: false, debounce: DebounceInterval(milliseconds: 1000))
    app.press(.character("a"))
    app.press(.character("+"))
    app.advance(milliseconds: 1099)
    #expect(app.state.badge.value == 0)
    app.advance(milliseconds: 1)
    #expect(app.state.badge.value == 1)
    app.press(.character("a"))
    app.advance(milliseconds: 1100)
    #expect(app.state.badge.value == 2)
  }

  @Test func filterNarrowsByNameIgnoringCaseAndAccentsAndEscClears() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("CREME")
    #expect(app.state.visibleCount == 1)
    #expect(app.state.selectedItem?.name == "Crème fraîche")
    app.press(.enter, .character("a"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "creme-fraiche") == 1)
    app.press(.escape)
    #expect(app.state.visibleCount == Catalog.builtIn.items.count)
  }

  @Test func navigationKeysMoveAndScrollWithinTheList() throws {
    let items = (0..<1000).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }
    let app = TestStore(exhaustive: false, catalog: try Catalog(currency: "EUR", items: items))
    app.press(.end)
    #expect(app.state.list.selection == 999)
    #expect(app.screen.contains("Item 999"))
    app.press(.pageUp)
    #expect(app.state.list.selection < 999)
    app.press(.character("g"))
    #expect(app.state.list.selection == 0)
    #expect(app.state.list.scroll == 0)
    app.press(.character("k"))
    #expect(app.state.list.selection == 0)
  }

  @Test func clickSelectsAndDoubleClickAdds() {
    let app = TestStore(exhaustive: false)
    let top = app.state.layout.list.origin.y
    app.send(.click(x: 3, y: top + 2))
    #expect(app.state.selectedItem?.id == Catalog.builtIn.items[2].id)
    app.send(.doubleClick(x: 3, y: top + 3))
    #expect(app.state.shop.basket.quantity(ofItemWithID: Catalog.builtIn.items[3].id) == 1)
    app.send(.click(x: 3, y: top + 500))
    #expect(app.state.selectedItem?.id == Catalog.builtIn.items[3].id)
  }

  @Test func resizeToAnySizeKeepsWorking() {
    let app = TestStore(exhaustive: false)
    for (width, height) in [(1, 1), (0, 0), (39, 11), (40, 12), (300, 100), (80, 24)] {
      app.send(.resize(width: width, height: height))
      app.press(.character("a"), .down)
      _ = app.screen
    }
    #expect(app.state.basketQuantity == 3, "at 1x1, 0x0 and 39x11 the screen says too small: keys do nothing")
  }

  @Test func helpOpensAndClosesAndQStillQuits() {
    let app = TestStore(exhaustive: false)
    app.press(.character("?"))
    #expect(app.state.overlay == .help(scroll: 0))
    app.press(.character("a"))
    #expect(app.state.basketQuantity == 0, "keys other than close and quit do nothing under the help")
    app.press(.escape)
    #expect(app.state.overlay == nil)
    #expect(KeyBindings.action(for: .key(.character("q")), in: app.state) == .quit)
  }
}
