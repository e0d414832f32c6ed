/// One drawable unit of text: what one terminal cell (or two, when wide) will show.
///
/// Text is split the way `wcwidth`-based terminals and ncurses place it: every spacing scalar starts a
/// glyph and zero-width combining marks attach to the glyph before them. So an emoji ZWJ sequence shows
/// as its separate emoji and a flag as its two letters, which keeps the app, ncurses and the terminal in
/// agreement about columns. Untrusted text cannot reach the terminal raw: control characters (C0, DEL,
/// C1), line and paragraph separators and unassigned code points become U+FFFD; zero-width format
/// characters (joiners, bidi controls) and variation selectors are dropped, as are marks with no base.
public struct TerminalGlyph: Hashable, Sendable {
  /// The scalars to draw: one spacing scalar, then combining marks.
  public var text: String
  /// 1 or 2 columns.
  public var width: Int

  /// The most combining marks one ncurses cell holds after its spacing character.
  public static let maximumCombiningMarks = 4
  /// What replaces a character that must not reach the terminal.
  public static let placeholder: Unicode.Scalar = "\u{FFFD}"

  /// The glyphs of `text`, in order.
  public static func glyphs(in text: some StringProtocol) -> [TerminalGlyph] {
    var result: [TerminalGlyph] = []
    var marks = 0
    for scalar in text.unicodeScalars {
      if DisplayWidth.needsPlaceholder(scalar) {
        result.append(TerminalGlyph(text: String(placeholder), width: 1))
        marks = 0
        continue
      }
      let width = DisplayWidth.of(scalar)
      if width > 0 {
        result.append(TerminalGlyph(text: String(scalar), width: width))
        marks = 0
      } else if isCombiningMark(scalar), !result.isEmpty, marks < maximumCombiningMarks {
        result[result.count - 1].text.unicodeScalars.append(scalar)
        marks += 1
      }
    }
    return result
  }

  /// Whether a zero-width scalar is a mark that draws on its base, as opposed to an invisible control.
  private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
      return false
    default:
      return scalar.properties.generalCategory != .format && scalar.value != 0x200B
    }
  }
}
