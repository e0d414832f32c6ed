import Testing

@testable import AppCore

/// The footer chooses its hints by importance, not by length: the keys the demo needs stay at 80x24.
@Suite struct FooterHintTests {
  /// The footer row of the app's screen.
  static func footer(_ app: TestStore) -> String {
    String(app.screen.split(separator: "\n", omittingEmptySubsequences: false)[app.state.layout.footerRow])
  }

  @Test func reorderStaysAt80ColumnsOnceThereIsAnOrder() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.character("a"), .character("c"), .character("y"))
    let footer = Self.footer(app)
    #expect(footer.contains("r reorder"), "the key the demo needs most: \(footer)")
    for hint in ["a add", "c checkout", "x remove", "m mode"] {
      #expect(footer.contains(hint), "\(hint): \(footer)")
    }
    #expect(footer.hasSuffix("? help  q quit"))
  }

  @Test func theHintsKeepTheTablesOrderAndTheLongFormWhereItFits() {
    let wide = KeyBindings.footer(width: 200, reorder: "1 item, 0.50 EUR")
    #expect(wide.contains("r reorder (1 item, 0.50 EUR)"))
    #expect(wide.firstRange(of: "a add")!.lowerBound < wide.firstRange(of: "r reorder")!.lowerBound)
    let narrow = KeyBindings.footer(width: 40, reorder: "1 item, 0.50 EUR")
    #expect(narrow == " a add  b bag  r reorder  ? help  q quit", "\(narrow)")
  }
}
