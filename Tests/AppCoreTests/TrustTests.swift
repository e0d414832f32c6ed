import Foundation
import Shop
import Testing

@testable import AppCore

/// Nothing happens by accident: keys do nothing unseen, clicks act on what is drawn, a checkout asks
/// first, pasted text never runs a command, and the header never contradicts itself.
@Suite struct TrustTests {
  @Test func keysDoNothingWhileTheScreenSaysTooSmall() {
    let app = TestStore(exhaustive: false, width: 30, height: 8)
    app.press(.character("a"), .character("a"), .character("b"), .character("m"), .character("/"))
    #expect(app.screen.contains("too small"))
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.mode == .controlled)
    #expect(!app.state.list.isEditingFilter)
    app.send(.resize(width: 80, height: 24))
    app.press(.character("a"))
    #expect(app.state.basketQuantity == 1)
  }

  @Test func aClickOnTheBasketPaneDoesNotAddTheCatalogRowBesideIt() {
    let app = TestStore(exhaustive: false, width: 100, height: 30)
    let basket = app.state.layout.basket!
    let row = app.state.layout.list.origin.y + 2
    app.send(.doubleClick(x: basket.origin.x + 3, y: row))
    #expect(app.state.shop.basket.isEmpty, "the basket pane is not the item list")
    #expect(app.state.list.selection == 0)
    app.send(.click(x: 3, y: 0))
    #expect(app.state.list.selection == 0, "the header is not a list row")
    app.send(.doubleClick(x: 3, y: row))
    #expect(app.state.shop.basket.quantity(ofItemWithID: Catalog.builtIn.items[2].id) == 1)
  }

  @Test func checkoutAsksFirstAndNCancels() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("j"), .character("a"), .character("a"), .character("c"))
    #expect(app.state.overlay == .confirmCheckout)
    #expect(app.state.shop.orders.isEmpty)
    let screen = app.screen
    #expect(screen.contains("check out these items?"))
    #expect(screen.contains("1 × Apple"))
    #expect(screen.contains("2 × Banana"))
    #expect(screen.contains("Total: 3 items, 1.20 EUR"))
    app.press(.character("a"), .character("r"), .character("m"))
    #expect(app.state.basketQuantity == 3, "other keys do nothing while it asks")
    #expect(app.state.mode == .controlled)
    app.press(.character("n"))
    #expect(app.state.overlay == nil)
    #expect(app.state.shop.orders.isEmpty)
    #expect(app.state.status.text == "checkout cancelled: the basket is as it was")
    app.press(.character("c"), .escape)
    #expect(app.state.shop.orders.isEmpty)
  }

  @Test func checkoutConfirmedWithYOrEnter() {
    for answer in [Key.character("y"), Key.enter] {
      let app = TestStore(exhaustive: false)
      app.press(.character("a"), .character("c"), answer)
      #expect(app.state.overlay == nil)
      #expect(app.state.shop.orders.count == 1)
      #expect(app.state.shop.basket.isEmpty)
    }
  }

  @Test func checkoutOfAnEmptyBasketSaysSoWithoutAsking() {
    let app = TestStore(exhaustive: false)
    app.press(.character("c"))
    #expect(app.state.overlay == nil)
    #expect(app.state.status == StatusLine(text: "cannot check out: the basket is empty", kind: .error))
  }

  @Test func aPasteIntoTheFilterIsTextAndANewlineDoesNotEndIt() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.send(.paste("Banana\nccc"))
    #expect(app.state.list.isEditingFilter, "the newline did not end the filter")
    #expect(app.state.list.filter == "Banana ccc")
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.shop.orders.isEmpty)
    app.send(.paste("\u{1B}[2J\r\n\tx"))
    #expect(app.state.list.filter == "Banana ccc[2J x", "controls are dropped, line breaks become one space")
  }

  @Test func aPasteOutsideTheFilterIsIgnoredWithANote() {
    let app = TestStore(exhaustive: false)
    app.send(.paste("aaac\ny"))
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.overlay == nil)
    #expect(app.state.status.kind == .error)
    #expect(app.state.status.text.hasPrefix("paste ignored (6 characters)"))
    app.press(.character("?"))
    app.send(.paste("q"))
    #expect(app.takeEffects().contains(.quit) == false, "a pasted q does not quit under the help either")
  }

  @Test func theHeaderSaysPlainlyWhatTheBadgeShowsAndWhatTheBasketHolds() {
    // Settling on the value the badge already shows: no `2 → 2`.
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"))
    app.advance(milliseconds: 1000)
    app.press(.character("a"), .character("x"))
    #expect(app.header.hasSuffix("Basket: 2 · settling"))
    app.advance(milliseconds: 1000)
    #expect(app.header.hasSuffix("Basket: 2"))
  }

  @Test func aStatusLineCutToFitEndsInAnEllipsisAndTheLogHasItWhole() {
    let catalog = try! Catalog(
      currency: "EUR",
      items: [ShoppingItem(id: "long", name: String(repeating: "very long name ", count: 8), price: 5)])
    let app = TestStore(exhaustive: false, catalog: catalog, width: 40, height: 12)
    app.press(.character("a"))
    let statusRow = app.screen.split(separator: "\n", omittingEmptySubsequences: false)[10]
    #expect(statusRow.hasSuffix("…"))
    app.press(.character("L"))
    #expect(app.state.overlay == .messages(scroll: 0))
    let width = OverlayBox.frame(in: Screen.render(app.state), rows: 1).textWidth
    let lines = OverlayText.messageLog(app.state, width: width).lines
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(
      words == "time (s) message 0.000 added " + catalog.items[0].name.trimmingCharacters(in: .whitespaces),
      "whole")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "wrapped to the box")
    #expect(app.screen.contains(lines[0]))
    for _ in 0..<20 { app.press(.character("j")) }
    #expect(app.screen.contains(lines.last!.trimmingCharacters(in: .whitespaces)), "scrolled to the end")
    app.press(.escape)
    #expect(app.state.overlay == nil)
  }

  @Test func theWheelOverTheBasketMovesThroughItsLines() throws {
    // Issue 25 item 12: the wheel over the basket did nothing.
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("j"), .character("a"), .character("j"), .character("a"))
    let basket = try #require(app.state.layout.basket)
    app.send(.scroll(x: basket.origin.x + 2, y: basket.origin.y + 1, lines: 2))
    #expect(app.state.focus == .basket, "the pane under the pointer takes focus")
    #expect(app.state.basketSelection == 2)
    app.send(.scroll(x: basket.origin.x + 2, y: basket.origin.y + 1, lines: -1))
    #expect(app.state.basketSelection == 1)
    #expect(app.state.list.scroll == 0, "the item list did not move")
  }

  @Test func theWheelScrollsTheListAndCtrlLRepaints() throws {
    let items = (0..<100).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }
    let app = TestStore(exhaustive: false, catalog: try Catalog(currency: "EUR", items: items))
    let list = app.state.layout.list
    app.send(.scroll(x: 2, y: list.origin.y + 1, lines: 3))
    #expect(app.state.list.scroll == 3)
    #expect(app.state.list.selection == 3, "the selection stays in view")
    app.send(.scroll(x: 2, y: list.origin.y + 1, lines: -3))
    #expect(app.state.list.scroll == 0)
    _ = app.takeEffects()
    app.press(.control("l"))
    #expect(app.takeEffects().contains(.repaint))
  }
}

/// Undo, and prices and items the user can trust.
@Suite struct UndoAndPricesTests {
  @Test func undoStepsBackThroughAddsBagsRemovalsAndACheckoutAndTheBadgeFollows() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"), .character("b"), .character("x"))
    app.press(.character("c"), .character("y"))
    #expect(app.state.shop.orders.count == 1)
    app.press(.character("u"), .character("y"))
    #expect(app.state.shop.orders.isEmpty, "undoing the checkout (once confirmed) drops its order")
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 1)
    #expect(app.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 1)
    #expect(app.store.quantity == 1, "the store is written through its normal path")
    app.advance(milliseconds: 1000)
    #expect(app.state.badge.value == 1, "and the badge follows, debounced")
    app.press(.character("u"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 2, "the removal undone")
    app.press(.character("u"), .character("u"), .character("u"))
    #expect(app.state.shop.basket.isEmpty)
    app.press(.character("u"))
    #expect(app.state.status.text == "nothing to undo")
    app.advance(milliseconds: 1000)
    #expect(app.state.badge.value == 0)
  }

  @Test func undoInTheSimpleStoreWritesAsTheArticlesCodeWould() {
    let app = TestStore(exhaustive: false, mode: .simple)
    app.press(.character("a"), .character("a"), .character("u"))
    #expect(app.store.quantity == 1)
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 1)
  }

  @Test func reorderTakesTodaysPricesAndLeavesOutWhatIsNoLongerSold() throws {
    let oldOrder = Order(
      items: [
        ShoppingItem(id: "apple", name: "Old apple", price: 10, quantity: 2),
        ShoppingItem(id: "dodo-egg", name: "Dodo egg", price: 999, quantity: 1),
      ], placedAt: Date(timeIntervalSince1970: 0))
    let app = TestStore(exhaustive: false, shop: ShopState(orders: [oldOrder]))
    app.press(.character("r"))
    let apple = try #require(app.state.shop.basket.lines.first { $0.id == "apple" })
    #expect(apple.price == 50, "today's price")
    #expect(apple.name == "Apple", "today's name")
    #expect(app.state.shop.basket.quantity(ofItemWithID: "dodo-egg") == 0)
    #expect(app.state.status.text.contains("1 price changed"))
    #expect(app.state.status.text.contains("no longer sold"))
  }

  @Test func aBasketOfPaperBagsAloneCannotBeCheckedOut() {
    let app = TestStore(exhaustive: false)
    app.press(.character("b"), .character("c"))
    #expect(app.state.overlay == nil, "it says why at once, without asking")
    #expect(
      app.state.status == StatusLine(text: "cannot check out: the basket holds only paper bags", kind: .error)
    )
    #expect(app.state.shop.orders.isEmpty)
  }

  @Test func aLineTheCatalogNoLongerHasCanBeRemovedAndIsNeverCheckedOut() {
    let gone = ShoppingItem(id: "dodo-egg", name: "Dodo egg", price: 999, quantity: 1)
    let app = TestStore(exhaustive: false, shop: ShopState(basket: Basket(lines: [gone])))
    app.press(.character("a"), .character("c"))
    #expect(app.state.overlay == nil)
    #expect(app.state.status.text.hasPrefix("cannot check out: Dodo egg is no longer sold"))
    app.press(.tab, .character("d"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "dodo-egg") == 0)
    app.press(.character("c"))
    #expect(app.state.overlay == .confirmCheckout)
  }

  @Test func moneyIsShownInEachCurrencysMinorUnit() throws {
    for (currency, price, shown) in [
      ("JPY", 500, "500 JPY"), ("EUR", 500, "5.00 EUR"), ("BHD", 1234, "1.234 BHD"),
    ] {
      let catalog = try Catalog(
        currency: currency, items: [ShoppingItem(id: "tea", name: "Tea", price: price)])
      let app = TestStore(exhaustive: false, catalog: catalog)
      #expect(app.screen.contains(shown), "\(currency)")
    }
  }
}
