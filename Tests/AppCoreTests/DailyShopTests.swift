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
