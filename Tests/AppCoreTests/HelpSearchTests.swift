import Shop
import Testing

@testable import AppCore

/// Issue 25 item 6: `/` searches the help, as in less: typing finds, Enter keeps, n and N step, Esc goes
/// back.
@Suite struct HelpSearchTests {
  static func helpAt80x24() -> TestStore {
    let app = TestStore(exhaustive: false)
    app.press(.character("?"))
    return app
  }

  static func helpScroll(_ app: TestStore) -> Int? {
    guard case .help(let scroll) = app.state.overlay else { return nil }
    return scroll
  }

  @Test func typingScrollsTheHelpToTheFirstLineHoldingTheText() {
    let app = Self.helpAt80x24()
    #expect(!app.screen.contains("bad example"), "the last paragraph is far below the first page")
    app.press(.character("/"))
    app.type("bad exa")
    #expect(app.screen.contains("bad example"), "\(app.screen)")
    #expect(
      app.screen.contains("search the help: bad exa▏  1 line"),
      "the footer shows what is typed and what it found (the status line is under the box)")
    #expect(app.state.status.text == "\"bad exa\": 1 line holds it; Enter keeps it, Esc goes back")
    #expect(app.state.overlay != nil, "letters typed into the search run no command (q did not quit)")
  }

  @Test func lettersTypedIntoTheSearchRunNoCommand() {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("jq")
    #expect(Self.helpScroll(app) == 0, "j did not scroll and q did not quit")
    #expect(app.state.helpSearch?.query == "jq")
  }

  @Test func nAndNStepThroughTheLinesFoundAndGoRoundTheEnd() throws {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("undo")
    app.press(.enter)
    let status = app.state.status.text
    #expect(status.hasPrefix("\"undo\": ") && status.hasSuffix(" of the help hold it; n next, N previous"))
    let count = try #require(Int(status.dropFirst("\"undo\": ".count).prefix { $0.isNumber }))
    #expect(count >= 3)
    var scrolls: [Int] = []
    for _ in 0..<count {
      app.press(.character("n"))
      scrolls.append(try #require(Self.helpScroll(app)))
    }
    #expect(app.state.status.text == "\"undo\": line 1 of \(count) found (from the top again)")
    #expect(
      app.screen.contains("\"undo\": line 1 of \(count)   n next  N previous"), "the footer says it too")
    #expect(Array(scrolls.dropLast()) == scrolls.dropLast().sorted(), "n goes down the help")
    #expect(scrolls.last! <= scrolls.first!, "and then round to the first line found")
    app.press(.character("N"))
    #expect(app.state.status.text == "\"undo\": line \(count) of \(count) found (from the end again)")
  }

  @Test func textNoLineHoldsSaysSoAndTheHelpStaysWhereItWas() {
    let app = Self.helpAt80x24()
    app.press(.character("j"), .character("j"))
    app.press(.character("/"))
    app.type("zqzq")
    #expect(app.state.status.text == "nothing in the help holds \"zqzq\"")
    #expect(app.screen.contains("search the help: zqzq▏  not found"))
    #expect(app.state.status.kind == .error)
    #expect(Self.helpScroll(app) == 2)
  }

  @Test func escWhileTypingGoesBackAndTheNextEscClosesTheHelp() {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("bad exa")
    #expect(Self.helpScroll(app) != 0)
    app.press(.escape)
    #expect(Self.helpScroll(app) == 0, "back where the search began")
    #expect(app.state.helpSearch == nil)
    app.press(.escape)
    #expect(app.state.overlay == nil)
  }

  @Test func backspaceTakesBackACharacterAndFindsAgainFromWhereTheSearchBegan() {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("bad exaz")
    #expect(app.state.status.kind == .error)
    app.press(.backspace)
    #expect(app.screen.contains("bad example"))
    #expect(app.state.status.kind == .info)
  }

  @Test func theLineFoundIsDrawnAsASelection() throws {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("bad exa")
    app.press(.enter)
    let grid = Screen.render(app.state)
    let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let row = try #require(rows.firstIndex { $0.contains("bad example") })
    let column = try #require(rows[row].firstRange(of: "bad example")).lowerBound.utf16Offset(in: rows[row])
    #expect(grid[column, row].style == .plain, "the found line stands out of the reversed box")
  }

  @Test func reopeningTheHelpForgetsTheSearch() {
    let app = Self.helpAt80x24()
    app.press(.character("/"))
    app.type("undo")
    app.press(.enter, .escape, .character("?"))
    #expect(app.state.helpSearch == nil)
    app.press(.character("n"))
    #expect(
      app.state.status.text == "/ searches the help; n and N then go to the next and previous line found")
  }
}
