import Foundation
import Shop
import Testing

@testable import AppCore

/// Panes with focus, the basket's own keys, counts, and the debounce keys at their limits, with every
/// change of the state, every effect (each key's write to the store among them) and every value the
/// pipeline hands back asserted.
@Suite struct DailyShopTests {
  static let items = Catalog.builtIn.items
  static let apple = items[0]
  static let banana = items[1]
  static let bag = ShoppingItem.paperBag()

  /// Apple, two bananas and a paper bag in the basket: `a j a a b`, each step asserted.
  static func filledBasket(width: Int = 100, height: Int = 30) -> TestStore {
    let app = TestStore(width: width, height: height)
    let one = ShopState(basket: .holding((apple, 1)))
    let banana = ShopState(basket: .holding((apple, 1), (Self.banana, 1)))
    let bananas = ShopState(basket: .holding((apple, 1), (Self.banana, 2)))
    let bagged = ShopState(basket: .holding((apple, 1), (Self.banana, 2), (bag, 1)))
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 2, saving: banana)) {
      $0.expectChange(to: banana, saying: "added Banana", count: 2)
    }
    app.receiveSent(2)
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 3, saving: bananas)) {
      $0.expectChange(to: bananas, saying: "added Banana", count: 3)
    }
    app.receiveSent(3)
    app.press(.character("b"), effects: .change(.add([bag]), at: 0, count: nil, saving: bagged)) {
      $0.expectChange(to: bagged, saying: "added a paper bag (free, not counted on the badge)", count: nil)
    }
    return app
  }

  @Test func tabMovesTheFocusAndTheFooterFollows() {
    let app = Self.filledBasket()
    #expect(app.state.focus == .items)
    #expect(app.screen.split(separator: "\n").last!.contains("Tab basket"))
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    let footer = app.screen.split(separator: "\n").last!
    #expect(footer.contains("d remove line"))
    #expect(footer.contains("Tab items"))
    app.press(.backTab, effects: []) {
      $0.focus = .items
    }
    app.finish()
  }

  @Test func inTheBasketKeysActOnTheSelectedLine() {
    let app = Self.filledBasket()
    let three = ShopState(basket: .holding((Self.apple, 1), (Self.banana, 3), (Self.bag, 1)))
    let two = ShopState(basket: .holding((Self.apple, 1), (Self.banana, 2), (Self.bag, 1)))
    let noBanana = ShopState(basket: .holding((Self.apple, 1), (Self.bag, 1)))
    let noBag = ShopState(basket: .holding((Self.apple, 1)))
    let empty = ShopState()
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    app.press(.character("j"), effects: []) {
      $0.basketSelection = 1
    }
    app.press(.character("a"), effects: .change(.add([Self.banana]), at: 0, count: 4, saving: three)) {
      $0.expectChange(to: three, saying: "added Banana", count: 4)
    }
    app.receiveSent(4)
    app.press(.character("x"), effects: .change(.remove([Self.banana]), at: 0, count: 3, saving: two)) {
      $0.expectChange(to: two, saying: "removed Banana", count: 3)
    }
    app.receiveSent(3)
    app.press(
      .character("d"),
      effects: .change(.remove([Self.banana.withQuantity(2)]), at: 0, count: 1, saving: noBanana)
    ) {
      $0.expectChange(to: noBanana, saying: "removed 2 × Banana", count: 1)
    }
    app.receiveSent(1)
    #expect(app.state.basketSelection == 1, "the next line, the paper bag, is selected")
    app.press(.character("d"), effects: .change(.remove([Self.bag]), at: 0, count: nil, saving: noBag)) {
      $0.expectChange(to: noBag, saying: "removed Paper bag", count: nil)
      $0.basketSelection = 0
    }
    #expect(
      app.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 0, "a paper bag can be removed"
    )
    app.press(.character("d"), effects: .change(.remove([Self.apple]), at: 0, count: 0, saving: empty)) {
      $0.expectChange(to: empty, saying: "removed Apple", count: 0)
    }
    app.receiveSent(0)
    app.press(.character("d"), effects: []) {
      $0.say("the basket is empty: Tab goes back to the item list", kind: .error)
    }
    #expect(app.state.shop.basket.isEmpty)
    app.finish()
  }

  /// The sixteen items of the built-in catalog, one each: `a j` sixteen times, then Tab.
  static func sixteenLines() -> TestStore {
    let app = TestStore(width: 80, height: 24)
    for index in 0..<16 {
      let before = ShopState(basket: Basket(lines: items[0..<index].map { $0.withQuantity(1) }))
      let after = ShopState(basket: Basket(lines: items[0...index].map { $0.withQuantity(1) }))
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
      // The built-in catalog has sixteen items: after the last, j stays on it.
      app.press(.character("j"), effects: []) {
        $0.list.selection = min(15, index + 1)
        // The list scrolls to keep the selection on its last row.
        $0.list.scroll = max(0, min(15, index + 1) + 1 - $0.layout.list.height)
      }
    }
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    return app
  }

  @Test func pageKeysMoveTheBasketSelectionAPageOfLines() throws {
    let app = Self.sixteenLines()
    #expect(app.state.shop.basket.lines.count == 16)
    let page = max(1, app.state.layout.basketLineRows - 2)
    #expect(page < 15, "the pane shows fewer lines than the basket holds")
    app.press(.pageDown, effects: []) {
      $0.basketSelection = page
    }
    app.press(.pageDown, effects: []) {
      $0.basketSelection = min(15, 2 * page)
    }
    app.press(.pageDown, effects: []) {
      $0.basketSelection = 15
    }
    app.press(.pageUp, effects: []) {
      $0.basketSelection = 15 - page
    }
    #expect(app.state.list.selection == 15, "the item list kept its selection")
    app.finish()
  }

  @Test func theSelectedBasketLineIsAlwaysOnScreenNeverUnderTheMoreLinesMark() {
    let app = Self.sixteenLines()
    for selection in 0..<16 {
      let name = app.state.shop.basket.lines[selection].name
      let shown = app.screen.split(separator: "\n").contains { $0.contains("1 × \(name)".prefix(12)) }
      #expect(shown, "line \(selection), \(name), is not on screen")
      app.press(.character("j"), effects: []) {
        $0.basketSelection = min(15, selection + 1)
      }
    }
    for selection in (0..<15).reversed() {
      app.press(.character("k"), effects: []) {
        $0.basketSelection = selection
      }
      let name = app.state.shop.basket.lines[selection].name
      #expect(app.screen.contains("1 × \(name)".prefix(12)), "line \(selection), \(name), is not on screen")
    }
    app.finish()
  }

  @Test func theSelectedBasketLineIsDrawnInReverseVideoOnlyWithFocus() {
    let app = Self.filledBasket()
    let basket = app.state.layout.basket!
    let lineRow = basket.origin.y + 2
    #expect(Screen.render(app.state)[basket.origin.x + 2, lineRow].style != .selected)
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    app.press(.character("j"), effects: []) {
      $0.basketSelection = 1
    }
    #expect(Screen.render(app.state)[basket.origin.x + 2, lineRow].style == .selected)
    #expect(
      Screen.render(app.state)[basket.origin.x + 2, basket.origin.y].style.attributes.contains(.reverse))
    app.finish()
  }

  @Test func aCountBeforeAKeyRepeatsIt() {
    let app = TestStore()
    let creme = Self.items[4]
    let five = ShopState(basket: .holding((Self.apple, 5)))
    let seventeen = ShopState(basket: .holding((Self.apple, 17)))
    let fourteen = ShopState(basket: .holding((Self.apple, 14)))
    let bagged = ShopState(basket: .holding((Self.apple, 14), (Self.bag, 1)))
    let withCreme = ShopState(basket: .holding((Self.apple, 14), (Self.bag, 1), (creme, 1)))
    let twelve = ShopState(basket: .holding((Self.apple, 12), (Self.bag, 1), (creme, 1)))
    app.press(.character("5"), effects: []) {
      $0.countPrefix = 5
    }
    app.press(
      .character("a"),
      effects: .change(.add([Self.apple.withQuantity(5)]), at: 0, count: 5, saving: five, startsTicking: true)
    ) {
      $0.countPrefix = nil
      $0.expectChange(to: five, saying: "added 5 × Apple", count: 5)
      $0.isTicking = true
    }
    app.receiveSent(5)
    app.press(.character("1"), effects: []) {
      $0.countPrefix = 1
    }
    app.press(.character("2"), effects: []) {
      $0.countPrefix = 12
    }
    app.press(
      .character("a"),
      effects: .change(.add([Self.apple.withQuantity(12)]), at: 0, count: 17, saving: seventeen)
    ) {
      $0.countPrefix = nil
      $0.expectChange(to: seventeen, saying: "added 12 × Apple", count: 17)
    }
    app.receiveSent(17)
    app.press(.character("3"), effects: []) {
      $0.countPrefix = 3
    }
    app.press(
      .character("x"),
      effects: .change(.remove([Self.apple.withQuantity(3)]), at: 0, count: 14, saving: fourteen)
    ) {
      $0.countPrefix = nil
      $0.expectChange(to: fourteen, saying: "removed 3 × Apple", count: 14)
    }
    app.receiveSent(14)
    app.press(.character("4"), effects: []) {
      $0.countPrefix = 4
    }
    app.press(.character("j"), effects: []) {
      $0.countPrefix = nil
      $0.list.selection = 4
    }
    app.press(.character("2"), effects: []) {
      $0.countPrefix = 2
    }
    // The paper bag key takes no count: it adds one bag, and the count is gone.
    app.press(.character("b"), effects: .change(.add([Self.bag]), at: 0, count: nil, saving: bagged)) {
      $0.countPrefix = nil
      $0.expectChange(to: bagged, saying: "added a paper bag (free, not counted on the badge)", count: nil)
    }
    app.press(.character("a"), effects: .change(.add([creme]), at: 0, count: 15, saving: withCreme)) {
      $0.expectChange(to: withCreme, saying: "added \(creme.name)", count: 15)
    }
    app.receiveSent(15)
    #expect(app.state.countPrefix == nil, "a count applies to the next key only")
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    app.press(.character("2"), effects: []) {
      $0.countPrefix = 2
    }
    app.press(
      .character("x"),
      effects: .change(.remove([Self.apple.withQuantity(2)]), at: 0, count: 13, saving: twelve)
    ) {
      $0.countPrefix = nil
      $0.expectChange(to: twelve, saying: "removed 2 × Apple", count: 13)
    }
    app.receiveSent(13)
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 12, "counts work in the basket too")
    app.finish()
  }

  @Test func aClickOnABasketLineFocusesTheBasketAndSelectsIt() {
    let app = Self.filledBasket()
    let basket = app.state.layout.basket!
    app.send(.click(x: basket.origin.x + 3, y: basket.origin.y + 2), effects: []) {
      $0.focus = .basket
      $0.basketSelection = 1
    }
    app.send(.click(x: 3, y: app.state.layout.list.origin.y), effects: []) {
      $0.focus = .items
      $0.list.selection = 0
    }
    app.finish()
  }

  @Test func whenTooNarrowForBothTheFocusedBasketTakesTheListsPlace() {
    let app = Self.filledBasket(width: 60, height: 20)
    #expect(app.state.layout.basket == nil)
    app.press(.tab, effects: []) {
      $0.focus = .basket
    }
    let screen = app.screen
    #expect(screen.contains("2 × Banana"))
    #expect(!screen.contains("Sourdough bread"))
    app.press(.tab, effects: []) {
      $0.focus = .items
    }
    #expect(app.screen.contains("Sourdough bread"))
    app.finish()
  }

  @Test func theDebounceKeysSayWhenTheyReachTheLimit() {
    let app = TestStore(debounce: DebounceInterval(milliseconds: 4900))
    let maximum = DebounceInterval(milliseconds: 5000)
    app.press(
      .character("+"),
      effects: [
        .announce(TimedEvent(milliseconds: 0, event: .action(.debounce(maximum)))),
        .setDebounce(maximum, replay: false), .startTicking,
      ]
    ) {
      $0.debounce = maximum
      $0.timeline.record(.action(.debounce(maximum)), at: 0)
      $0.say("debounce 5.0s (the maximum), from the next change", kind: .info)
      $0.isTicking = true
    }
    app.press(.character("+"), effects: []) {
      $0.say("the debounce is already 5.0s, the maximum", kind: .info)
    }
    for step in (0..<50).reversed() {
      let interval = DebounceInterval(milliseconds: step * 100)
      let said =
        step == 0
        ? "debounce off (the minimum), from the next change"
        : "debounce \(step / 10).\(step % 10)s, from the next change"
      app.press(
        .character("-"),
        effects: [
          .announce(TimedEvent(milliseconds: 0, event: .action(.debounce(interval)))),
          .setDebounce(interval, replay: false),
        ]
      ) {
        $0.debounce = interval
        $0.timeline.record(.action(.debounce(interval)), at: 0)
        $0.say(said, kind: .info)
      }
    }
    for _ in 0..<10 {
      app.press(.character("-"), effects: []) {
        $0.say("the debounce is already off, the minimum", kind: .info)
      }
    }
    #expect(app.state.status.text == "the debounce is already off, the minimum")
    app.finish()
  }
}

/// The order history and the item details, with every change of the state and every effect asserted.
@Suite struct HistoryAndDetailsTests {
  static let apple = Catalog.builtIn.items[0]
  static let banana = Catalog.builtIn.items[1]

  static let first = Order(
    items: [apple.withQuantity(1)], placedAt: Date(timeIntervalSince1970: 1_796_112_000))
  static let second = Order(
    items: [banana.withQuantity(2), .paperBag()], placedAt: Date(timeIntervalSince1970: 1_796_117_400))

  /// Two past orders: one apple at 08:00 UTC, then two bananas and a paper bag at 09:30 UTC, Dec 1 2026.
  static func withOrders(width: Int = 80, height: Int = 24) -> TestStore {
    TestStore(shop: ShopState(orders: [first, second]), width: width, height: height)
  }

  @Test func theHistoryListsOrdersNewestFirstInTheUsersTimeZone() throws {
    let app = Self.withOrders()
    app.press(.character("o"), effects: []) {
      $0.overlay = .history(selection: 0, showingLines: false)
    }
    let screen = app.screen
    let newest = try #require(screen.range(of: "2026-12-01 09:30"))
    let oldest = try #require(screen.range(of: "2026-12-01 08:00"))
    #expect(newest.lowerBound < oldest.lowerBound)
    #expect(screen.contains("2 items, 0.70 EUR"))
    #expect(screen.contains("1 item, 0.50 EUR"))
    var state = Self.withOrders().state
    state.use(timeZone: TimeZone(secondsFromGMT: 3600)!)
    let app2 = TestStore(state)
    app2.press(.character("o"), effects: []) {
      $0.overlay = .history(selection: 0, showingLines: false)
    }
    #expect(app2.screen.contains("2026-12-01 10:30"), "shown in the user's time zone")
    app.finish()
    app2.finish()
  }

  @Test func enterShowsTheLinesAndRReordersThatOrder() {
    let app = Self.withOrders()
    let after = ShopState(basket: .holding((Self.apple, 1)), orders: [Self.first, Self.second])
    app.press(.character("o"), effects: []) {
      $0.overlay = .history(selection: 0, showingLines: false)
    }
    app.press(.character("j"), effects: []) {
      $0.overlay = .history(selection: 1, showingLines: false)
    }
    app.press(.enter, effects: []) {
      $0.overlay = .history(selection: 1, showingLines: true)
    }
    #expect(app.screen.contains("1 × Apple"))
    app.press(.escape, effects: []) {
      $0.overlay = .history(selection: 1, showingLines: false)
    }
    // The older order, not the last.
    app.press(
      .character("r"),
      effects: .change(
        .reorder([Self.apple]), at: 0, marking: .reorder, count: 1, saving: after, startsTicking: true)
    ) {
      $0.overlay = nil
      $0.expectChange(to: after, saying: "reordered 1 item", marking: .reorder, count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("o"), effects: []) {
      $0.overlay = .history(selection: 0, showingLines: false)
    }
    app.press(.character("o"), effects: []) {
      // o (or Esc) goes back.
      $0.overlay = nil
    }
    app.finish()
  }

  @Test func withNoOrdersTheHistorySaysSo() {
    let app = TestStore()
    app.press(.character("o"), effects: []) {
      $0.say("no orders yet: c checks out the basket", kind: .info)
    }
    #expect(app.state.overlay == nil)
    app.finish()
  }

  @Test func theFooterSaysWhatReorderWillAdd() {
    let app = Self.withOrders(width: 120)
    #expect(app.screen.split(separator: "\n").last!.contains("r reorder (2 items, 0.70 EUR)"))
    app.finish()
  }

  @Test func detailsShowTheSelectedItemAndAClickOnItOpensThem() {
    let app = TestStore(width: 100, height: 30)
    let one = ShopState(basket: .holding((Self.banana, 1)))
    let two = ShopState(basket: .holding((Self.banana, 2)))
    app.press(.character("j"), effects: []) {
      $0.list.selection = 1
    }
    app.press(
      .character("a"),
      effects: .change(.add([Self.banana]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Banana", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("i"), effects: []) {
      $0.overlay = .details(itemID: "banana")
    }
    let screen = app.screen
    #expect(screen.contains("price: 0.35 EUR"))
    #expect(screen.contains("id: banana"))
    #expect(screen.contains("in the basket: 1"))
    app.press(.escape, effects: []) {
      $0.overlay = nil
    }
    let row = app.state.layout.list.origin.y + 1
    app.send(.click(x: 4, y: row), effects: []) {
      // A click on the selected item.
      $0.overlay = .details(itemID: "banana")
    }
    app.send(.doubleClick(x: 4, y: row), effects: .change(.add([Self.banana]), at: 0, count: 2, saving: two))
    {
      // A double-click still adds.
      $0.overlay = nil
      $0.expectChange(to: two, saying: "added Banana", count: 2)
    }
    app.receiveSent(2)
    app.finish()
  }
}

/// An item's description, from the catalog, in its details.
@Suite struct DescriptionTests {
  @Test func theDetailsShowTheDescriptionWrappedByDisplayWidth() throws {
    let text =
      "A bright green tea from Uji, stone-ground: 抹茶 whisked with water just off the boil, never boiling."
    let catalog = try Catalog(
      currency: "JPY", items: [ShoppingItem(id: "matcha", name: "抹茶 Matcha", price: 1450)],
      descriptions: ["matcha": text])
    let app = TestStore(catalog: catalog, width: 40, height: 16)
    app.press(.character("i"), effects: []) {
      $0.overlay = .details(itemID: "matcha")
    }
    let lines = app.screen.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("A bright green tea from Uji,") })
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains(text), "the whole description, wrapped")
    #expect(app.screen.contains("price: 1450 JPY"))
    app.finish()
  }
}

/// The filter as it is typed and shown. Not exhaustive: each letter typed also fills the filter's
/// history (the matches kept for each prefix, a cache FilterTests cover); these tests are about
/// what the screen shows.
@Suite struct FilterLooksTests {
  @Test func theMatchedPartOfEachNameIsHighlighted() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("CREME")
    let grid = Screen.render(app.state)
    let row = app.state.layout.list.origin.y
    let text = grid.rowText(row)
    #expect(text.hasPrefix(" Crème fraîche"))
    let underlined = (0..<grid.width).filter { grid[$0, row].style.attributes.contains(.underline) }
    #expect(underlined == Array(1...5), "Crème, accents ignored, and nothing else")
  }

  @Test func aLongQueryKeepsItsEndAndTheCursorInView() {
    let app = TestStore(exhaustive: false, width: 40, height: 12)
    app.press(.character("/"))
    app.type("a rather long query that goes on and on and ends here")
    let footer = app.screen.split(separator: "\n").last.map(String.init) ?? ""
    #expect(footer.hasSuffix("ends here▏"))
    #expect(footer.contains("…"))
    #expect(DisplayWidth.of(footer) <= 40)
  }

  @Test func escKeepsTheSelectionOnTheItemThatWasSelected() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("an")
    app.press(.enter, .character("j"))
    let selected = app.state.selectedItem
    app.press(.escape)
    #expect(app.state.list.filter.isEmpty)
    #expect(app.state.selectedItem == selected, "still on \(selected?.name ?? "-")")
  }
}

/// Text in a box at the smallest size: what does not fit on a line wraps, or ends in `…`; nothing is
/// cut off unmarked.
@Suite struct OverlayTextAt40x12Tests {
  @Test func theCheckoutQuestionSaysHowToAnswerInFull() {
    let app = TestStore(width: 40, height: 12)
    let apple = Catalog.builtIn.items[0]
    let one = ShopState(basket: .holding((apple, 1)))
    let bagged = ShopState(basket: .holding((apple, 1), (.paperBag(), 1)))
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("b"), effects: .change(.add([.paperBag()]), at: 0, count: nil, saving: bagged)) {
      $0.expectChange(to: bagged, saying: "added a paper bag (free, not counted on the badge)", count: nil)
    }
    app.press(.character("c"), effects: []) {
      $0.overlay = .confirmCheckout
    }
    let screen = app.screen
    #expect(screen.contains("y or Enter checks out"), "\(screen)")
    #expect(screen.contains("keeps shopping"), "the answer wraps instead of being cut: \(screen)")
    app.finish()
  }

  @Test func anOrdersLinesSayHowToGoBack() {
    let app = TestStore(width: 40, height: 12)
    let apple = Catalog.builtIn.items[0]
    let one = ShopState(basket: .holding((apple, 1)))
    let placed = ShopState(orders: [
      Order(items: [apple], placedAt: Date(timeIntervalSince1970: 1_800_000_000))
    ])
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
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
      effects: .change(.reset, at: 0, marking: .checkout, count: 0, saving: placed, durably: true)
    ) {
      $0.overlay = nil
      $0.expectChange(to: placed, saying: "checked out 1 item, 0.50 EUR", marking: .checkout, count: 0)
      $0.checkoutAwaitingSave = one
    }
    app.receiveSent(0)
    app.advance(milliseconds: 1000)
    app.receiveBadge(0)
    app.press(.character("o"), effects: []) {
      $0.overlay = .history(selection: 0, showingLines: false)
    }
    app.press(.enter, effects: []) {
      $0.overlay = .history(selection: 0, showingLines: true)
    }
    let screen = app.screen
    #expect(screen.contains("today's prices"), "\(screen)")
    #expect(screen.contains("Esc goes back"), "the hint wraps instead of being cut: \(screen)")
    app.finish()
  }

  @Test func aLineTooWideForTheBoxEndsInAnEllipsis() {
    var grid = Grid(width: 40, height: 12)
    OverlayBox.draw(
      title: "t", lines: ["a line of text much wider than a box of forty columns can hold"], scroll: 0,
      into: &grid)
    let row = (0..<12).map { grid.rowText($0) }.first { $0.contains("a line of text") } ?? ""
    #expect(row.contains("…"), "\(row)")
  }
}
