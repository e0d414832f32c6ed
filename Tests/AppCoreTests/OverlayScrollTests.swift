import Testing

@testable import AppCore

/// The help and the message log scroll as a pager does: PgUp/PgDn, Space, Ctrl-F/B a page, Ctrl-D/U
/// half a page, g/G/Home/End to the top and the end, and a count before j or k.
@Suite struct OverlayScrollTests {
  /// The help's scroll.
  static func scroll(_ app: TestStore) -> Int {
    guard case .help(let scroll) = app.state.overlay else { return -1 }
    return scroll
  }

  @Test func thePagerKeysScrollTheHelp() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.character("?"))
    let rows = OverlayFrame(width: 80, height: 24, rows: 1000).textRows
    let textWidth = OverlayFrame(width: 80, height: 24, rows: 1).textWidth
    let last = OverlayText.help(app.state, width: textWidth).count - rows
    #expect(last > 2 * rows, "enough help to page through")
    app.press(.pageDown)
    #expect(Self.scroll(app) == rows / 2 * 2)
    app.press(.character(" "))
    #expect(Self.scroll(app) == rows / 2 * 4)
    app.press(.pageUp)
    #expect(Self.scroll(app) == rows / 2 * 2)
    app.press(.control("d"))
    #expect(Self.scroll(app) == rows / 2 * 3)
    app.press(.control("u"), .control("b"))
    #expect(Self.scroll(app) == 0)
    app.press(.control("f"))
    #expect(Self.scroll(app) == rows / 2 * 2)
    app.press(.character("G"))
    #expect(Self.scroll(app) == last, "the end")
    app.press(.character("k"))
    #expect(Self.scroll(app) == last - 1, "a key back up acts at once after G")
    app.press(.character("g"))
    #expect(Self.scroll(app) == 0)
    app.press(.end, .home)
    #expect(Self.scroll(app) == 0)
    app.press(.character("9"), .character("j"))
    #expect(Self.scroll(app) == 9, "9j scrolls nine lines")
    #expect(app.state.countPrefix == nil)
  }

  @Test func theMessageLogPagesToo() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    for _ in 0..<40 { app.press(.character("a")) }
    app.press(.character("L"), .character("G"))
    guard case .messages(let end) = app.state.overlay else {
      Issue.record("no message log")
      return
    }
    #expect(end > 0)
    app.press(.pageUp)
    guard case .messages(let up) = app.state.overlay else { return }
    #expect(up < end)
  }
}
