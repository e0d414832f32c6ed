import Foundation
import Shop
import Testing

@testable import AppCore

/// Panes with focus, the basket's own keys, counts, and the debounce keys at their limits.
@Suite struct DailyShopTests {
  /// Apple, two bananas and a paper bag in the basket.
  static func filledBasket(width: Int = 100, height: Int = 30) -> TestStore {
    let app = TestStore(exhaustive: false, width: width, height: height)
    app.press(.character("a"), .character("j"), .character("a"), .character("a"), .character("b"))
    return app
  }

  @Test func tabMovesTheFocusAndTheFooterFollows() {
    let app = Self.filledBasket()
    #expect(app.state.focus == .items)
    #expect(app.screen.split(separator: "\n").last!.contains("Tab basket"))
    app.press(.tab)
    #expect(app.state.focus == .basket)
    let footer = app.screen.split(separator: "\n").last!
    #expect(footer.contains("d remove line"))
    #expect(footer.contains("Tab items"))
    app.press(.backTab)
    #expect(app.state.focus == .items)
  }

  @Test func inTheBasketKeysActOnTheSelectedLine() {
    let app = Self.filledBasket()
    app.press(.tab, .character("j"))
    #expect(app.state.basketSelection == 1)
    app.press(.character("a"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "banana") == 3)
    app.press(.character("x"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "banana") == 2)
    app.press(.character("d"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "banana") == 0)
    #expect(app.state.basketSelection == 1, "the next line, the paper bag, is selected")
    app.press(.character("d"))
    #expect(
      app.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 0, "a paper bag can be removed"
    )
    #expect(app.state.basketSelection == 0)
    app.press(.character("d"), .character("d"))
    #expect(app.state.shop.basket.isEmpty)
    #expect(app.state.status.text == "the basket is empty: Tab goes back to the item list")
  }

  @Test func pageKeysMoveTheBasketSelectionAPageOfLines() throws {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    for _ in 0..<16 { app.press(.character("a"), .character("j")) }
    #expect(app.state.shop.basket.lines.count == 16)
    app.press(.tab)
    let page = max(1, app.state.layout.basketLineRows - 2)
    #expect(page < 15, "the pane shows fewer lines than the basket holds")
    app.press(.pageDown)
    #expect(app.state.basketSelection == page)
    app.press(.pageDown, .pageDown)
    #expect(app.state.basketSelection == 15)
    app.press(.pageUp)
    #expect(app.state.basketSelection == 15 - page)
    #expect(app.state.list.selection == 15, "the item list kept its selection")
  }

  @Test func theSelectedBasketLineIsAlwaysOnScreenNeverUnderTheMoreLinesMark() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    for _ in 0..<16 { app.press(.character("a"), .character("j")) }
    app.press(.tab)
    for selection in 0..<16 {
      let name = app.state.shop.basket.lines[selection].name
      let shown = app.screen.split(separator: "\n").contains { $0.contains("1 × \(name)".prefix(12)) }
      #expect(shown, "line \(selection), \(name), is not on screen")
      app.press(.character("j"))
    }
    for selection in (0..<15).reversed() {
      app.press(.character("k"))
      let name = app.state.shop.basket.lines[selection].name
      #expect(app.screen.contains("1 × \(name)".prefix(12)), "line \(selection), \(name), is not on screen")
    }
  }

  @Test func theSelectedBasketLineIsDrawnInReverseVideoOnlyWithFocus() {
    let app = Self.filledBasket()
    let basket = app.state.layout.basket!
    let lineRow = basket.origin.y + 2
    #expect(Screen.render(app.state)[basket.origin.x + 2, lineRow].style != .selected)
    app.press(.tab, .character("j"))
    #expect(Screen.render(app.state)[basket.origin.x + 2, lineRow].style == .selected)
    #expect(
      Screen.render(app.state)[basket.origin.x + 2, basket.origin.y].style.attributes.contains(.reverse))
  }

  @Test func aCountBeforeAKeyRepeatsIt() {
    let app = TestStore(exhaustive: false)
    app.press(.character("5"), .character("a"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 5)
    app.press(.character("1"), .character("2"), .character("a"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 17)
    app.press(.character("3"), .character("x"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 14)
    app.press(.character("4"), .character("j"))
    #expect(app.state.list.selection == 4)
    app.press(.character("2"), .character("b"), .character("a"))
    #expect(app.state.countPrefix == nil, "a count applies to the next key only")
    #expect(app.state.shop.basket.quantity(ofItemWithID: Catalog.builtIn.items[4].id) == 1)
    app.press(.tab, .character("2"), .character("x"))
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 12, "counts work in the basket too")
  }

  @Test func aClickOnABasketLineFocusesTheBasketAndSelectsIt() {
    let app = Self.filledBasket()
    let basket = app.state.layout.basket!
    app.send(.click(x: basket.origin.x + 3, y: basket.origin.y + 2))
    #expect(app.state.focus == .basket)
    #expect(app.state.basketSelection == 1)
    app.send(.click(x: 3, y: app.state.layout.list.origin.y))
    #expect(app.state.focus == .items)
  }

  @Test func whenTooNarrowForBothTheFocusedBasketTakesTheListsPlace() {
    let app = Self.filledBasket(width: 60, height: 20)
    #expect(app.state.layout.basket == nil)
    app.press(.tab)
    let screen = app.screen
    #expect(screen.contains("2 × Banana"))
    #expect(!screen.contains("Sourdough bread"))
    app.press(.tab)
    #expect(app.screen.contains("Sourdough bread"))
  }

  @Test func theDebounceKeysSayWhenTheyReachTheLimit() {
    let app = TestStore(exhaustive: false, debounce: DebounceInterval(milliseconds: 4900))
    app.press(.character("+"))
    #expect(app.state.status.text == "debounce 5.0s (the maximum), from the next change")
    app.press(.character("+"))
    #expect(app.state.status.text == "the debounce is already 5.0s, the maximum")
    for _ in 0..<60 { app.press(.character("-")) }
    #expect(app.state.status.text == "the debounce is already off, the minimum")
  }
}

/// The order history and the item details.
@Suite struct HistoryAndDetailsTests {
  /// Two past orders: one apple at 08:00 UTC, then two bananas and a paper bag at 09:30 UTC, Dec 1 2026.
  static func withOrders(width: Int = 80, height: Int = 24) -> TestStore {
    let first = Order(
      items: [Catalog.builtIn.items[0].withQuantity(1)], placedAt: Date(timeIntervalSince1970: 1_796_112_000))
    let second = Order(
      items: [Catalog.builtIn.items[1].withQuantity(2), .paperBag()],
      placedAt: Date(timeIntervalSince1970: 1_796_117_400))
    return TestStore(
      exhaustive: false, shop: ShopState(orders: [first, second]), width: width, height: height)
  }

  @Test func theHistoryListsOrdersNewestFirstInTheUsersTimeZone() throws {
    let app = Self.withOrders()
    app.press(.character("o"))
    #expect(app.state.overlay == .history(selection: 0, showingLines: false))
    let screen = app.screen
    let newest = try #require(screen.range(of: "2026-12-01 09:30"))
    let oldest = try #require(screen.range(of: "2026-12-01 08:00"))
    #expect(newest.lowerBound < oldest.lowerBound)
    #expect(screen.contains("2 items, 0.70 EUR"))
    #expect(screen.contains("1 item, 0.50 EUR"))
    var app2 = Self.withOrders()
    var state = app2.state
    state.use(timeZone: TimeZone(secondsFromGMT: 3600)!)
    app2 = TestStore(state, exhaustive: false)
    app2.press(.character("o"))
    #expect(app2.screen.contains("2026-12-01 10:30"), "shown in the user's time zone")
  }

  @Test func enterShowsTheLinesAndRReordersThatOrder() {
    let app = Self.withOrders()
    app.press(.character("o"), .character("j"), .enter)
    #expect(app.state.overlay == .history(selection: 1, showingLines: true))
    #expect(app.screen.contains("1 × Apple"))
    app.press(.escape)
    #expect(app.state.overlay == .history(selection: 1, showingLines: false))
    app.press(.character("r"))
    #expect(app.state.overlay == nil)
    #expect(app.state.shop.basket.quantity(ofItemWithID: "apple") == 1, "the older order, not the last")
    #expect(app.state.shop.basket.quantity(ofItemWithID: "banana") == 0)
    app.press(.character("o"), .character("o"))
    #expect(app.state.overlay == nil, "o (or Esc) goes back")
  }

  @Test func withNoOrdersTheHistorySaysSo() {
    let app = TestStore(exhaustive: false)
    app.press(.character("o"))
    #expect(app.state.overlay == nil)
    #expect(app.state.status.text == "no orders yet: c checks out the basket")
  }

  @Test func theFooterSaysWhatReorderWillAdd() {
    let app = Self.withOrders(width: 120)
    #expect(app.screen.split(separator: "\n").last!.contains("r reorder (2 items, 0.70 EUR)"))
  }

  @Test func detailsShowTheSelectedItemAndAClickOnItOpensThem() {
    let app = TestStore(exhaustive: false, width: 100, height: 30)
    app.press(.character("j"), .character("a"), .character("i"))
    #expect(app.state.overlay == .details(itemID: "banana"))
    let screen = app.screen
    #expect(screen.contains("price: 0.35 EUR"))
    #expect(screen.contains("id: banana"))
    #expect(screen.contains("in the basket: 1"))
    app.press(.escape)
    let row = app.state.layout.list.origin.y + 1
    app.send(.click(x: 4, y: row))
    #expect(app.state.overlay == .details(itemID: "banana"), "a click on the selected item")
    app.send(.doubleClick(x: 4, y: row))
    #expect(app.state.overlay == nil)
    #expect(app.state.shop.basket.quantity(ofItemWithID: "banana") == 2, "a double-click still adds")
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
    let app = TestStore(exhaustive: false, catalog: catalog, width: 40, height: 16)
    app.press(.character("i"))
    let lines = app.screen.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("A bright green tea from Uji,") })
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains(text), "the whole description, wrapped")
    #expect(app.screen.contains("price: 1450 JPY"))
  }
}

/// The filter as it is typed and shown.
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
    let app = TestStore(exhaustive: false, width: 40, height: 12)
    app.press(.character("a"), .character("b"), .character("c"))
    let screen = app.screen
    #expect(screen.contains("y or Enter checks out"), "\(screen)")
    #expect(screen.contains("keeps shopping"), "the answer wraps instead of being cut: \(screen)")
  }

  @Test func anOrdersLinesSayHowToGoBack() {
    let app = TestStore(exhaustive: false, width: 40, height: 12)
    app.press(.character("a"), .character("c"), .character("y"))
    app.advance(milliseconds: 1000)
    app.press(.character("o"), .enter)
    let screen = app.screen
    #expect(screen.contains("today's prices"), "\(screen)")
    #expect(screen.contains("Esc goes back"), "the hint wraps instead of being cut: \(screen)")
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
