import Shop
import Testing

@testable import AppCore

/// Issue 25's small ones that a user sees on screen or in an error line.
@Suite struct SmallThingsTests {
  static func rows(_ app: TestStore) -> [String] {
    app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func theLongestLaneNameKeepsASpaceBeforeItsLane() throws {
    let app = TestStore(exhaustive: false)
    app.perform(.lane(try LabPipeline.parse("dropFirst 10")))
    let lane = Self.rows(app).first { $0.hasPrefix(" drop 10") } ?? ""
    #expect(lane.hasPrefix(" drop 10 ·"), "seven columns of name, then a space: \(lane)")
  }

  @Test func theEmptyBasketsHintSaysWhatWorksWhileItHasTheFocus() {
    let app = TestStore(exhaustive: false)
    #expect(app.screen.contains("empty: a adds the selected item"))
    app.press(.tab)
    #expect(app.state.focus == .basket)
    #expect(!app.screen.contains("a adds the selected item"), "a adds to a basket line there")
    #expect(app.screen.contains("empty: Tab back to the items"))
  }

  @Test func aScrolledBasketSaysHowManyLinesAreAbove() {
    let app = TestStore(exhaustive: false)
    for _ in 0..<16 { app.press(.character("a"), .down) }
    app.press(.tab, .end)
    let title = Self.rows(app)[1]
    let shown = BasketView.firstShownLine(app.state, paneHeight: app.state.layout.basket!.height)
    #expect(shown > 0)
    #expect(title.contains("↑ \(shown) more above"), "\(title)")
  }

  @Test func theListsSelectionLooksDifferentWhileTheBasketHasTheFocus() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"))
    let row = app.state.layout.list.origin.y
    #expect(Screen.render(app.state)[2, row].style == .selected)
    app.press(.tab)
    let grid = Screen.render(app.state)
    #expect(grid[2, row].style != .selected, "the list's bar is not the focused one")
    #expect(grid[2, row].style.attributes.contains(.underline), "but still marks the selected item")
  }

  @Test func orderHistoryRowsHaveANumberAndTheSecond() {
    let app = TestStore(exhaustive: false)
    app.press(
      .character("a"), .character("c"), .character("y"), .character("a"), .character("c"), .character("y"))
    app.press(.character("o"))
    let screen = app.screen
    #expect(screen.contains("#2  2027-01-15 08:00:00"), "\(screen)")
    #expect(screen.contains("#1  2027-01-15 08:00:00"))
  }

  @Test func aClickOnAnOrderSelectsItAndASecondClickShowsItsLines() throws {
    let app = TestStore(exhaustive: false)
    for _ in 0..<3 { app.press(.character("a"), .character("c"), .character("y")) }
    app.press(.character("o"))
    let rows = Self.rows(app)
    let row = try #require(rows.firstIndex { $0.contains("#1  2027") })
    let column = try #require(rows[row].firstRange(of: "#1")).lowerBound.utf16Offset(in: rows[row])
    app.send(.click(x: column, y: row))
    #expect(
      app.state.overlay == .history(selection: 2, showingLines: false), "#1 is the oldest, at the bottom")
    app.send(.click(x: column, y: row))
    #expect(app.state.overlay == .history(selection: 2, showingLines: true))
    app.press(.escape)
    app.send(.click(x: column, y: row - 2))
    #expect(app.state.overlay == .history(selection: 0, showingLines: false))
    app.send(.click(x: 0, y: 0))
    #expect(
      app.state.overlay == .history(selection: 0, showingLines: false), "a click off the rows does nothing")
  }

  @Test func theWheelOverTheOrderHistoryMovesItsSelection() {
    let app = TestStore(exhaustive: false)
    for _ in 0..<3 { app.press(.character("a"), .character("c"), .character("y")) }
    app.press(.character("o"))
    app.send(.scroll(x: 10, y: 10, lines: 1))
    #expect(app.state.overlay == .history(selection: 1, showingLines: false))
    app.send(.scroll(x: 10, y: 10, lines: -3))
    #expect(app.state.overlay == .history(selection: 0, showingLines: false))
  }

  @Test func theMessageLogsTimeColumnHasAHeading() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("L"))
    #expect(app.screen.contains("time (s) message"), "\(app.screen)")
  }

  @Test func aLongFilterIsCutInTheTitleAndItsCountStays() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.character("/"))
    app.type("a very long filter that does not fit")
    app.press(.enter)
    let title = String(Self.rows(app)[1].prefix(app.state.layout.list.width))
    #expect(title.contains("…\" (0)"), "\(title)")
  }

  @Test func aBareDebounceNumberIsSecondsAndTheErrorSaysSo() {
    let result = Result { () throws(CommandLineError) in try CommandLineParser.parse(["--debounce", "250"]) }
    #expect(
      result
        == .failure(
          CommandLineError(
            "--debounce: 250 is longer than the maximum of 5s (a bare number is seconds: 250ms?)")))
    #expect(
      runScript("debounce 250\n").errors == [
        "error: line 1: debounce: \"250\" is longer than the maximum of 5s (a bare number is seconds: 250ms?)"
      ])
  }
}
