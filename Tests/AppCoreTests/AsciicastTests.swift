import Foundation
import Testing

@testable import AppCore

/// The asciicast recording: its header, and frames that, played into a terminal, give the grid back.
@Suite struct AsciicastTests {
  /// The few escapes a frame uses, played into a screen of characters: cursor moves, clearing, SGR
  /// (ignored), text; wide glyphs take two columns.
  struct ReplayScreen {
    var rows: [[String]]
    var x = 0
    var y = 0

    init(width: Int, height: Int) {
      rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    mutating func play(_ text: String) {
      var scalars = Array(text.unicodeScalars)[...]
      while let scalar = scalars.popFirst() {
        guard scalar == "\u{1B}" else {
          let width = DisplayWidth.of(scalar)
          if width == 0, x > 0 {
            rows[y][x - 1].unicodeScalars.append(scalar)
            continue
          }
          rows[y][x] = String(scalar)
          if width == 2 { rows[y][x + 1] = "" }
          x += width
          continue
        }
        guard scalars.popFirst() == "[" else { continue }
        var parameters = ""
        while let next = scalars.popFirst() {
          if next.properties.isAlphabetic {
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            switch next {
            case "H":
              y = (numbers.first ?? 1) - 1
              x = (numbers.count > 1 ? numbers[1] : 1) - 1
            case "J": rows = rows.map { $0.map { _ in " " } }
            default: break
            }
            break
          }
          parameters.unicodeScalars.append(next)
        }
      }
    }

    var text: String { rows.map { $0.joined().trimmingTrailingSpaces() + "\n" }.joined() }
  }

  @Test func framesPlayedIntoATerminalGiveTheScreenBack() {
    let app = TestStore(exhaustive: false)
    var cast = Asciicast()
    var screen = ReplayScreen(width: 80, height: 24)
    let play = { (grid: Grid, seconds: Double) in
      for line in cast.frame(grid, at: seconds) {
        let event = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
        if event[1] as? String == "o" { screen.play(event[2] as! String) }
      }
    }
    play(Screen.render(app.state), 0)
    #expect(screen.text == app.screen)
    app.press(.character("a"), .character("j"), .character("5"), .character("a"))
    app.advance(milliseconds: 400)
    play(Screen.render(app.state), 0.4)
    #expect(screen.text == app.screen, "only the changed cells were sent, and they are enough")
    #expect(cast.frame(Screen.render(app.state), at: 0.5).isEmpty, "nothing changed, nothing recorded")
  }

  @Test func aNewSizeIsAResizeEventAndAWholeFrame() throws {
    var cast = Asciicast()
    _ = cast.frame(Grid(width: 80, height: 24), at: 0)
    let lines = cast.frame(Grid(width: 100, height: 30), at: 1.5)
    #expect(lines.first == #"[1.500000, "r", "100x30"]"#)
    #expect(lines.count == 2)
    #expect(lines[1].contains(#"\u001b[2J"#))
  }

  @Test func theHeaderIsAsciicastVersionTwo() throws {
    let header = Asciicast.header(width: 80, height: 24, timestamp: 1_800_000_000, term: "xterm-256color")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 2)
    #expect(object["width"] as? Int == 80)
    #expect(object["height"] as? Int == 24)
    #expect((object["env"] as? [String: String])?["TERM"] == "xterm-256color")
  }
}
