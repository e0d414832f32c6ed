import Foundation
import Shop
import Testing

@testable import AppCore

/// Nothing happens by accident: keys do nothing unseen, clicks act on what is drawn, a checkout asks
/// first, pasted text never runs a command, and the header never contradicts itself; every change of
/// the state, every effect (each key's write to the store among them) and every value the pipeline
/// hands back asserted.
@Suite struct TrustTests {
  static let items = Catalog.builtIn.items
  static let apple = items[0]
  static let banana = items[1]

  /// Presses `a` on an app whose basket is `before`, adding `item`, the list's selection on it.
  static func add(
    _ item: ShoppingItem, to app: TestStore, leaving after: ShopState, count: Int, at milliseconds: Int = 0,
    startsTicking: Bool = false
  ) {
    app.press(
      .character("a"),
      effects: .change(
        .add([item]), at: milliseconds, count: count, saving: after, startsTicking: startsTicking)
    ) {
      $0.expectChange(to: after, saying: "added \(item.name)", count: count)
      $0.isTicking = true
    }
    app.receiveSent(count)
  }

  @Test func keysDoNothingWhileTheScreenSaysTooSmall() {
    let app = TestStore(width: 30, height: 8)
    for key in ["a", "a", "b", "m", "/"] { app.press(.character(Character(key)), effects: []) }
    #expect(app.screen.contains("too small"))
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.mode == .controlled)
    #expect(!app.state.list.isEditingFilter)
    app.send(.resize(width: 80, height: 24), effects: []) {
      $0.width = 80
      $0.height = 24
    }
    Self.add(
      Self.apple, to: app, leaving: ShopState(basket: .holding((Self.apple, 1))), count: 1,
      startsTicking: true)
    #expect(app.state.basketQuantity == 1)
    app.finish()
  }

  @Test func aClickOnTheBasketPaneDoesNotAddTheCatalogRowBesideIt() {
    let app = TestStore(width: 100, height: 30)
    let basket = app.state.layout.basket!
    let row = app.state.layout.list.origin.y + 2
    app.send(.doubleClick(x: basket.origin.x + 3, y: row), effects: []) {
      $0.focus = .basket
    }
    #expect(app.state.shop.basket.isEmpty, "the basket pane is not the item list")
    #expect(app.state.list.selection == 0)
    app.send(.click(x: 3, y: 0), effects: [])
    #expect(app.state.list.selection == 0, "the header is not a list row")
    let bread = Self.items[2]
    let after = ShopState(basket: .holding((bread, 1)))
    app.send(
      .doubleClick(x: 3, y: row),
      effects: .change(.add([bread]), at: 0, count: 1, saving: after, startsTicking: true)
    ) {
      $0.focus = .items
      $0.list.selection = 2
      $0.expectChange(to: after, saying: "added \(bread.name)", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.finish()
  }

  @Test func checkoutAsksFirstAndNCancels() {
    let app = TestStore()
    Self.add(
      Self.apple, to: app, leaving: ShopState(basket: .holding((Self.apple, 1))), count: 1,
      startsTicking: true)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    Self.add(
      Self.banana, to: app, leaving: ShopState(basket: .holding((Self.apple, 1), (Self.banana, 1))), count: 2)
    Self.add(
      Self.banana, to: app, leaving: ShopState(basket: .holding((Self.apple, 1), (Self.banana, 2))), count: 3)
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    #expect(app.state.shop.orders.isEmpty)
    let screen = app.screen
    #expect(screen.contains("check out these items?"))
    #expect(screen.contains("1 × Apple"))
    #expect(screen.contains("2 × Banana"))
    #expect(screen.contains("Total: 3 items, 1.20 EUR"))
    // Other keys do nothing while it asks.
    for key in ["a", "r", "m"] { app.press(.character(Character(key)), effects: []) }
    app.press(.character("n"), effects: []) {
      $0.overlay = nil
      $0.say("checkout cancelled: the basket is as it was", kind: .info)
    }
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    app.press(.escape, effects: []) {
      $0.overlay = nil
      $0.say("checkout cancelled: the basket is as it was", kind: .info)
    }
    #expect(app.state.shop.orders.isEmpty)
    app.finish()
  }

  @Test func checkoutConfirmedWithYOrEnter() {
    for answer in [Key.character("y"), Key.enter] {
      let app = TestStore()
      let one = ShopState(basket: .holding((Self.apple, 1)))
      let placed = ShopState(
        orders: [Order(items: [Self.apple], placedAt: Date(timeIntervalSince1970: 1_800_000_000))])
      Self.add(Self.apple, to: app, leaving: one, count: 1, startsTicking: true)
      app.press(.character("c"), effects: []) {
        $0.overlay = .confirmCheckout
      }
      app.press(
        answer, effects: .change(.reset, at: 0, marking: .checkout, count: 0, saving: placed, durably: true)
      ) {
        $0.overlay = nil
        $0.expectChange(to: placed, saying: "checked out 1 item, 0.50 EUR", marking: .checkout, count: 0)
        $0.checkoutAwaitingSave = one
      }
      app.receiveSent(0)
      app.finish()
    }
  }

  @Test func checkoutOfAnEmptyBasketSaysSoWithoutAsking() {
    let app = TestStore()
    let reason = "cannot check out: the basket is empty"
    app.press(.character("c"), effects: .refusal(reason, at: 0)) {
      $0.expectRefusal(reason)
    }
    #expect(app.state.overlay == nil)
    #expect(app.state.status == StatusLine(text: reason, kind: .error))
    app.finish()
  }

  // Not exhaustive: a paste into the filter also fills the filter's history (the matches kept for
  // each query, a cache FilterTests cover); this test is about what the filter holds.
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
    #expect(app.takeEffects().allSatisfy { if case .write = $0 { false } else { true } }, "no write")
  }

  @Test func aPasteOutsideTheFilterIsIgnoredWithANote() {
    let app = TestStore()
    let said = "paste ignored (6 characters): pasted text goes only into the filter, opened with /"
    app.send(.paste("aaac\ny"), effects: []) {
      $0.say(said, kind: .error)
    }
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.overlay == nil)
    app.press(.character("?"), effects: []) {
      $0.overlay = .help(scroll: 0)
    }
    // A pasted q does not quit under the help either.
    app.send(.paste("q"), effects: [])
    app.finish()
  }

  @Test func theHeaderSaysPlainlyWhatTheBadgeShowsAndWhatTheBasketHolds() {
    // Settling on the value the badge already shows: no `2 → 2`.
    let app = TestStore()
    let two = ShopState(basket: .holding((Self.apple, 2)))
    Self.add(
      Self.apple, to: app, leaving: ShopState(basket: .holding((Self.apple, 1))), count: 1,
      startsTicking: true)
    Self.add(Self.apple, to: app, leaving: two, count: 2)
    app.advance(milliseconds: 1000)
    app.receiveBadge(2)
    Self.add(Self.apple, to: app, leaving: ShopState(basket: .holding((Self.apple, 3))), count: 3, at: 1000)
    app.press(.character("x"), effects: .change(.remove([Self.apple]), at: 1000, count: 2, saving: two)) {
      $0.expectChange(to: two, saying: "removed Apple", count: 2)
    }
    app.receiveSent(2)
    #expect(app.header.hasSuffix("Basket: 2 · settling"))
    app.advance(milliseconds: 1000)
    app.receiveBadge(2)
    #expect(app.header.hasSuffix("Basket: 2"))
    app.finish()
  }

  @Test func aStatusLineCutToFitEndsInAnEllipsisAndTheLogHasItWhole() {
    let catalog = try! Catalog(
      currency: "EUR",
      items: [ShoppingItem(id: "long", name: String(repeating: "very long name ", count: 8), price: 5)])
    let app = TestStore(catalog: catalog, width: 40, height: 12)
    let item = catalog.items[0]
    Self.add(item, to: app, leaving: ShopState(basket: .holding((item, 1))), count: 1, startsTicking: true)
    let statusRow = app.screen.split(separator: "\n", omittingEmptySubsequences: false)[10]
    #expect(statusRow.hasSuffix("…"))
    app.press(.character("L"), effects: []) {
      $0.overlay = .messages(scroll: 0)
    }
    let width = OverlayBox.frame(in: Screen.render(app.state), rows: 1).textWidth
    let lines = OverlayText.messageLog(app.state, width: width).lines
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(
      words == "time (s) message 0.000 added " + catalog.items[0].name.trimmingCharacters(in: .whitespaces),
      "whole")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "wrapped to the box")
    #expect(app.screen.contains(lines[0]))
    // The whole log fits the box at 40x12: j has nothing to scroll, and the last line is in view.
    for _ in 1...20 { app.press(.character("j"), effects: []) }
    #expect(app.screen.contains(lines.last!.trimmingCharacters(in: .whitespaces)), "scrolled to the end")
    app.press(.escape, effects: []) {
      $0.overlay = nil
    }
    app.finish()
  }

  @Test func theWheelOverTheBasketMovesThroughItsLines() throws {
    // Issue 25 item 12: the wheel over the basket did nothing.
    let app = TestStore()
    let bread = Self.items[2]
    Self.add(
      Self.apple, to: app, leaving: ShopState(basket: .holding((Self.apple, 1))), count: 1,
      startsTicking: true)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    Self.add(
      Self.banana, to: app, leaving: ShopState(basket: .holding((Self.apple, 1), (Self.banana, 1))), count: 2)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 2
    }
    Self.add(
      bread, to: app, leaving: ShopState(basket: .holding((Self.apple, 1), (Self.banana, 1), (bread, 1))),
      count: 3)
    let basket = try #require(app.state.layout.basket)
    app.send(.scroll(x: basket.origin.x + 2, y: basket.origin.y + 1, lines: 2), effects: []) {
      // The pane under the pointer takes focus.
      $0.focus = .basket
      $0.basketSelection = 2
    }
    app.send(.scroll(x: basket.origin.x + 2, y: basket.origin.y + 1, lines: -1), effects: []) {
      $0.basketSelection = 1
    }
    #expect(app.state.list.scroll == 0, "the item list did not move")
    app.finish()
  }

  @Test func theWheelScrollsTheListAndCtrlLRepaints() throws {
    let items = (0..<100).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }
    let app = TestStore(catalog: try Catalog(currency: "EUR", items: items))
    let list = app.state.layout.list
    app.send(.scroll(x: 2, y: list.origin.y + 1, lines: 3), effects: []) {
      $0.list.scroll = 3
      // The selection stays in view.
      $0.list.selection = 3
    }
    app.send(.scroll(x: 2, y: list.origin.y + 1, lines: -3), effects: []) {
      $0.list.scroll = 0
    }
    app.press(.control("l"), effects: [.repaint])
    app.finish()
  }
}

/// Undo, and prices and items the user can trust, with every change of the state, every effect (each
/// key's write to the store among them) and every value the pipeline hands back asserted.
@Suite struct UndoAndPricesTests {
  static let apple = Catalog.builtIn.items[0]
  static let bag = ShoppingItem.paperBag()

  /// Presses `key`, which undoes (or confirms undoing) the change that left `current`, back to
  /// `earlier`; the status says `said`, the badge count is `count` when it changed.
  static func undo(
    _ app: TestStore, key: Character = "u", from current: ShopState, to earlier: ShopState,
    saying said: String,
    count: Int?, at milliseconds: Int, closing: Bool = false
  ) {
    app.press(
      .character(key),
      effects: .change(
        .restore(from: current.basket, to: earlier.basket), at: milliseconds, marking: .undo, count: count,
        saving: earlier)
    ) {
      if closing { $0.overlay = nil }
      _ = $0.undoHistory.takeLast()
      $0.shop = earlier
      $0.say(said, kind: .info)
      $0.timeline.record(.action(.undo), at: milliseconds)
      if let count { $0.timeline.record(.basket(count), at: milliseconds) }
      $0.undoHistory.recordUndone(current)
    }
  }

  @Test func undoStepsBackThroughAddsBagsRemovalsAndACheckoutAndTheBadgeFollows() {
    let app = TestStore()
    let s1 = ShopState(basket: .holding((Self.apple, 1)))
    let s2 = ShopState(basket: .holding((Self.apple, 2)))
    let s3 = ShopState(basket: .holding((Self.apple, 2), (Self.bag, 1)))
    let s4 = ShopState(basket: .holding((Self.apple, 1), (Self.bag, 1)))
    let placed = ShopState(
      orders: [Order(items: s4.basket.lines, placedAt: Date(timeIntervalSince1970: 1_800_000_000))])
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: s1, startsTicking: true)
    ) {
      $0.expectChange(to: s1, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("a"), effects: .change(.add([Self.apple]), at: 0, count: 2, saving: s2)) {
      $0.expectChange(to: s2, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    app.press(.character("b"), effects: .change(.add([Self.bag]), at: 0, count: nil, saving: s3)) {
      $0.expectChange(to: s3, saying: "added a paper bag (free, not counted on the badge)", count: nil)
    }
    app.press(.character("x"), effects: .change(.remove([Self.apple]), at: 0, count: 1, saving: s4)) {
      $0.expectChange(to: s4, saying: "removed Apple", count: 1)
    }
    app.receiveSent(1)
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    app.press(
      .character("y"),
      effects: .change(.reset, at: 0, marking: .checkout, count: 0, saving: placed, durably: true)
    ) {
      $0.overlay = nil
      $0.expectChange(to: placed, saying: "checked out 1 item, 0.50 EUR", marking: .checkout, count: 0)
      $0.checkoutAwaitingSave = s4
    }
    app.receiveSent(0)
    #expect(app.state.shop.orders.count == 1)
    // Undoing a checkout asks first.
    app.press(.character("u"), effects: []) {
      $0.overlay = .confirmUndoCheckout
    }
    Self.undo(
      app, key: "y", from: placed, to: s4,
      saying: "undone: the basket and orders are as before that change (4 more steps to undo)", count: 1,
      at: 0,
      closing: true)
    app.receiveSent(1)
    #expect(app.state.shop.orders.isEmpty, "undoing the checkout (once confirmed) drops its order")
    #expect(app.store.quantity == 1, "the store is written through its normal path")
    app.advance(milliseconds: 1000)
    app.receiveBadge(1)
    #expect(app.state.badge.value == 1, "and the badge follows, debounced")
    Self.undo(
      app, from: s4, to: s3,
      saying: "undone: the basket and orders are as before that change (3 more steps to undo)", count: 2,
      at: 1000)
    app.receiveSent(2)
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 2, "the removal undone")
    Self.undo(
      app, from: s3, to: s2,
      saying: "undone: the basket and orders are as before that change (2 more steps to undo)", count: nil,
      at: 1000)
    Self.undo(
      app, from: s2, to: s1,
      saying: "undone: the basket and orders are as before that change (1 more step to undo)", count: 1,
      at: 1000)
    app.receiveSent(1)
    Self.undo(
      app, from: s1, to: ShopState(),
      saying: "undone: the basket and orders are as before that change (0 more steps to undo)", count: 0,
      at: 1000)
    app.receiveSent(0)
    app.press(.character("u"), effects: []) {
      $0.say("nothing to undo", kind: .info)
    }
    app.advance(milliseconds: 1000)
    app.receiveBadge(0)
    #expect(app.state.badge.value == 0)
    app.finish()
  }

  @Test func undoInTheSimpleStoreWritesAsTheArticlesCodeWould() {
    let app = TestStore(mode: .simple)
    let s1 = ShopState(basket: .holding((Self.apple, 1)))
    let s2 = ShopState(basket: .holding((Self.apple, 2)))
    app.press(
      .character("a"), effects: .change(.add([Self.apple]), at: 0, count: 1, saving: s1, startsTicking: true)
    ) {
      $0.expectChange(to: s1, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("a"), effects: .change(.add([Self.apple]), at: 0, count: 2, saving: s2)) {
      $0.expectChange(to: s2, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    Self.undo(
      app, from: s2, to: s1,
      saying: "undone: the basket and orders are as before that change (1 more step to undo)", count: 1, at: 0
    )
    app.receiveSent(1)
    #expect(app.store.quantity == 1)
    app.finish()
  }

  @Test func reorderTakesTodaysPricesAndLeavesOutWhatIsNoLongerSold() throws {
    let oldOrder = Order(
      items: [
        ShoppingItem(id: "apple", name: "Old apple", price: 10, quantity: 2),
        ShoppingItem(id: "dodo-egg", name: "Dodo egg", price: 999, quantity: 1),
      ], placedAt: Date(timeIntervalSince1970: 0))
    let start = ShopState(orders: [oldOrder])
    let app = TestStore(shop: start)
    let after = ShopState(basket: .holding((Self.apple, 2)), orders: [oldOrder])
    let said = "reordered 2 items; 1 price changed; 1 item no longer sold left out from the last order"
    app.press(
      .character("r"),
      effects: .change(
        .reorder([Self.apple.withQuantity(2)]), at: 0, marking: .reorder, count: 2, saving: after,
        startsTicking: true)
    ) {
      $0.expectChange(to: after, saying: said, marking: .reorder, count: 2)
      $0.isTicking = true
    }
    app.receiveSent(2)
    let apple = try #require(app.state.shop.basket.lines.first { $0.id == "apple" })
    #expect(apple.price == 50, "today's price")
    #expect(apple.name == "Apple", "today's name")
    #expect(app.state.status.text.contains("1 price changed"))
    #expect(app.state.status.text.contains("no longer sold"))
    app.finish()
  }

  @Test func aBasketOfPaperBagsAloneCannotBeCheckedOut() {
    let app = TestStore()
    let bagged = ShopState(basket: .holding((Self.bag, 1)))
    app.press(.character("b"), effects: .change(.add([Self.bag]), at: 0, count: nil, saving: bagged)) {
      $0.expectChange(to: bagged, saying: "added a paper bag (free, not counted on the badge)", count: nil)
    }
    let reason = "cannot check out: the basket holds only paper bags"
    // It says why at once, without asking.
    app.press(.character("c"), effects: .refusal(reason, at: 0)) {
      $0.expectRefusal(reason)
    }
    #expect(app.state.status == StatusLine(text: reason, kind: .error))
    app.finish()
  }

  @Test func aLineTheCatalogNoLongerHasCanBeRemovedAndIsNeverCheckedOut() {
    let gone = ShoppingItem(id: "dodo-egg", name: "Dodo egg", price: 999, quantity: 1)
    let start = ShopState(basket: Basket(lines: [gone]))
    let app = TestStore(shop: start)
    let added = ShopState(basket: Basket(lines: [gone, Self.apple]))
    let removed = ShopState(basket: .holding((Self.apple, 1)))
    app.press(
      .character("a"),
      effects: .change(.add([Self.apple]), at: 0, count: 2, saving: added, startsTicking: true)
    ) {
      $0.expectChange(to: added, saying: "added Apple", count: 2)
      $0.isTicking = true
    }
    app.receiveSent(2)
    let reason = "cannot check out: Dodo egg is no longer sold; remove it first"
    app.press(.character("c"), effects: .refusal(reason, at: 0)) {
      $0.expectRefusal(reason)
    }
    #expect(app.state.overlay == nil)
    #expect(app.state.status.text.hasPrefix("cannot check out: Dodo egg is no longer sold"))
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    app.press(.character("d"), effects: .change(.remove([gone]), at: 0, count: 1, saving: removed)) {
      $0.expectChange(to: removed, saying: "removed Dodo egg", count: 1)
    }
    app.receiveSent(1)
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    app.finish()
  }

  @Test func moneyIsShownInEachCurrencysMinorUnit() throws {
    for (currency, price, shown) in [
      ("JPY", 500, "500 JPY"), ("EUR", 500, "5.00 EUR"), ("BHD", 1234, "1.234 BHD"),
    ] {
      let catalog = try Catalog(
        currency: currency, items: [ShoppingItem(id: "tea", name: "Tea", price: price)])
      let app = TestStore(catalog: catalog)
      #expect(app.screen.contains(shown), "\(currency)")
      app.finish()
    }
  }
}
