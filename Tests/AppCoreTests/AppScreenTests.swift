import Shop
import Testing

@testable import AppCore

/// Golden screens of the app core at fixed virtual times. `SHOP_RECORD_SNAPSHOTS=1` re-records them.
@Suite struct AppScreenTests {
  @Test func startScreenAt80x24() {
    let app = TestStore(exhaustive: false)
    expectSnapshot(app.screen, named: "app-80x24-start")
  }

  @Test func pendingChangeAndSettledBadgeAt80x24() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("j"), .character("a"), .character("b"))
    app.advance(milliseconds: 400)
    expectSnapshot(app.screen, named: "app-80x24-pending")
    app.advance(milliseconds: 600)
    expectSnapshot(app.screen, named: "app-80x24-settled")
  }

  @Test func compactLayoutAt40x12() {
    let app = TestStore(exhaustive: false, width: 40, height: 12)
    app.press(.character("a"))
    app.advance(milliseconds: 1000)
    expectSnapshot(app.screen, named: "app-40x12")
  }

  @Test func tooSmallBelowTheMinimum() {
    let app = TestStore(exhaustive: false, width: 30, height: 8)
    expectSnapshot(app.screen, named: "app-too-small")
    #expect(TestStore(exhaustive: false, width: 1, height: 1).screen == "t\n")
  }

  @Test func withoutColourSelectionIsReverseAndErrorsAreBold() {
    let app = TestStore(exhaustive: false)
    app.press(.character("x"))
    let grid = Screen.render(app.state)
    expectSnapshot(grid.monochromeDump, named: "app-80x24-monochrome")
  }

  @Test func wideNamesArePaddedByDisplayWidth() throws {
    let catalog = try Catalog(
      currency: "EUR",
      items: [
        ShoppingItem(id: "matcha", name: "抹茶 Matcha", price: 1450),
        ShoppingItem(id: "ramen", name: "ラーメン 拉麺 very long name that does not fit", price: 990),
        ShoppingItem(id: "creme", name: "Crème fraîche", price: 199),
      ])
    let app = TestStore(exhaustive: false, catalog: catalog)
    app.press(.down, .character("a"))
    app.advance(milliseconds: 1000)
    expectSnapshot(app.screen, named: "app-cjk")
  }

  @Test(arguments: [(40, 12), (80, 24), (100, 30), (200, 60)])
  func theHelpHasEveryKeyAndEveryStoreAndCutsNothing(size: (width: Int, height: Int)) {
    let app = TestStore(exhaustive: false, width: size.width, height: size.height)
    app.press(.character("?"))
    if size == (100, 30) { expectSnapshot(app.screen, named: "app-help") }
    // Scrolled to the end, every line of the help has been on screen whole: its words, in order.
    var lines: [String] = []
    var previous = ""
    for _ in 0..<200 {
      let screen = app.screen
      guard screen != previous else { break }
      previous = screen
      lines += screen.split(separator: "\n").dropFirst(2).dropLast(2).map(String.init)
      app.press(.character("j"))
    }
    let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    let wanted =
      KeyBindings.all.map(\.meaning) + ControlQuestion.all.map(\.question)
      + ControlQuestion.all.flatMap { row in QuantityStoreMode.allCases.map { row.answer(for: $0) } }
      + ["hold Shift to select text"]
    let missing = wanted.filter { !words.contains($0) }
    #expect(missing.isEmpty, "the help lacks: \(missing)")
    #expect(!lines.joined().contains("…"), "no line of the help is cut")
    let width = OverlayBox.frame(in: Screen.render(app.state), rows: 1).textWidth
    #expect(
      OverlayText.help(app.state, width: width).allSatisfy { DisplayWidth.of($0) <= width }, "all wrapped")
  }
}
