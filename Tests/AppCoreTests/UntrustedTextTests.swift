import Foundation
import Shop
import Testing

@testable import AppCore

/// Text the app did not write (item names from a state file, a filter the user types, file names on the
/// command line) never reaches the terminal raw: no control character in any rendered cell or error line.
@Suite struct UntrustedTextTests {
  /// An escape sequence, a bell, a C1 CSI and DEL: what a hostile name would carry.
  static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m\u{7F}"

  /// The control characters (C0, DEL, C1) of `text`.
  static func controls(in text: String) -> [UInt32] {
    text.unicodeScalars.map(\.value).filter { $0 < 0x20 && $0 != 0x0A || (0x7F...0x9F).contains($0) }
  }

  @Test func basketNamesWithEscapesAreDrawnAsPlaceholders() {
    // The state file reader refuses such names (BadStateFileTests); this is the grid's own defence.
    let line = ShoppingItem(id: "gone", name: "Evil" + Self.hostile, price: 1, quantity: 2)
    let app = TestStore(
      exhaustive: false, shop: ShopState(basket: Basket(lines: [line])), width: 100, height: 30)
    app.press(.character("x"))  // the status line names the selected catalog item, not this one
    let screen = app.screen
    #expect(Self.controls(in: screen).isEmpty)
    #expect(screen.contains("2 × Evil\u{FFFD}[2J"))
  }

  @Test func aTypedFilterKeepsNoControlCharacter() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("a" + Self.hostile)
    #expect(Self.controls(in: app.state.list.filter).isEmpty)
    #expect(Self.controls(in: app.screen).isEmpty)
    app.press(.enter)
    #expect(Self.controls(in: app.screen).isEmpty)
  }

  @Test func aCatalogPathWithEscapesIsEscapedInScriptErrors() {
    let run = runScript("bag\n", options: AppOptions(catalogPath: "/nonexistent/\u{1B}[2J.json"))
    #expect(run.status == 2)
    #expect(
      run.errors == [
        "error: /nonexistent/\\u{1B}[2J.json: cannot read the catalog: No such file or directory"
      ])
  }

  @Test func aStatePathWithEscapesIsEscapedInScriptErrors() throws {
    let directory = try makeScratchDirectory()
    let path = directory.appendingPathComponent("\u{1B}[2J").appendingPathComponent("state.json").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let run = runScript("bag\n", options: AppOptions(state: .file(path)))
    // A directory where the state file should be is reported, and the script runs without one.
    #expect(run.status == 0)
    #expect(run.errors.count == 1)
    #expect(run.errors.allSatisfy { Self.controls(in: $0).isEmpty })
  }
}
