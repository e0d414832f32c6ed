/// A colour from the app's small semantic palette. Views name what a colour means; the terminal edge
/// decides what each role looks like on a 256-colour, 8-colour or monochrome terminal.
public enum PaletteColor: UInt8, CaseIterable, Hashable, Sendable {
  /// The terminal's own foreground or background.
  case terminalDefault
  /// Headings and the app's own chrome.
  case accent
  /// Something went well: added, saved, paid.
  case success
  /// Something needs attention: a pending badge, an unavailable item.
  case warning
  /// Something failed: a domain error.
  case danger
  /// Neutral information: prices, hints.
  case info
  /// Emphasis that is neither good nor bad news.
  case highlight
  /// Secondary text; dim where the terminal has no grey.
  case muted
}
