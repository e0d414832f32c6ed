import Foundation

/// What `shop --record FILE.cast` writes: an asciicast v2 recording (the format asciinema plays) of
/// what the screen shows. The frames are drawn from the app's own grids as ANSI text (cursor moves,
/// colours, the cells that changed), so the recording shows exactly what the grid held, whatever
/// ncurses chose to send.
///
/// A recording is a header line, then one JSON array a line: `[seconds, "o", text]` for output and
/// `[seconds, "r", "WxH"]` for a new window size.
public struct Asciicast {
  /// The colours a recording uses: 256, with the terminal's own defaults.
  private static let scheme = ColorScheme(mode: .extended)

  private var previous: Grid?

  /// A recording with nothing drawn yet.
  public init() {}

  /// The header line: version 2, the window, when the recording started (seconds since 1970) and the
  /// terminal type.
  public static func header(width: Int, height: Int, timestamp: Int, term: String) -> String {
    let env = #"{"SHELL": "/bin/sh", "TERM": \#(json(term))}"#
    return
      #"{"version": 2, "width": \#(width), "height": \#(height), "timestamp": \#(timestamp), "env": \#(env), "title": "shop"}"#
  }

  /// The event lines for `grid` drawn `seconds` after the start: everything for the first grid or a
  /// new size (after a resize event), else only the cells that changed; none when nothing did.
  public mutating func frame(_ grid: Grid, at seconds: Double) -> [String] {
    var events: [String] = []
    let time = String(format: "%.6f", seconds)
    if let previous, previous.width != grid.width || previous.height != grid.height {
      events.append(#"[\#(time), "r", "\#(grid.width)x\#(grid.height)"]"#)
    }
    let text = Self.ansi(
      from: previous.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }, to: grid)
    previous = grid
    guard !text.isEmpty else { return events }
    events.append(#"[\#(time), "o", \#(Self.json(text))]"#)
    return events
  }

  /// The ANSI text that turns a screen showing `previous` (or anything, when `nil`) into `grid`.
  static func ansi(from previous: Grid?, to grid: Grid) -> String {
    var text = previous == nil ? "\u{1B}[0m\u{1B}[H\u{1B}[2J" : ""
    var current: Style?
    var cursor: (x: Int, y: Int)?
    for y in 0..<grid.height {
      for x in 0..<grid.width {
        let cell = grid[x, y]
        if let previous, previous[x, y] == cell { continue }
        guard case .glyph(let glyph) = cell.content else { continue }
        if cursor.map({ $0 != (x, y) }) ?? true { text += "\u{1B}[\(y + 1);\(x + 1)H" }
        if current != cell.style {
          text += sgr(cell.style)
          current = cell.style
        }
        text += glyph
        cursor = (x + DisplayWidth.of(glyph), y)
      }
    }
    return text + (current == nil || current == .plain ? "" : "\u{1B}[0m")
  }

  /// The SGR sequence for `style`, from a reset.
  private static func sgr(_ style: Style) -> String {
    let appearance = scheme.appearance(of: style)
    var codes = ["0"]
    if appearance.attributes.contains(.bold) { codes.append("1") }
    if appearance.attributes.contains(.dim) { codes.append("2") }
    if appearance.attributes.contains(.underline) { codes.append("4") }
    if appearance.attributes.contains(.reverse) { codes.append("7") }
    let foreground = scheme.colorIndex(style.foreground, defaultIndex: -1)
    let background = scheme.colorIndex(style.background, defaultIndex: -1)
    if foreground >= 0 { codes.append("38;5;\(foreground)") }
    if background >= 0 { codes.append("48;5;\(background)") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// `text` as a JSON string.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
