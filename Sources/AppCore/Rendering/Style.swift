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

/// Text attributes a cell carries besides its colours.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attribute bits.
  public let rawValue: UInt8

  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Heavier text.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Fainter text.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Foreground and background swapped: selection, even without colour.
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TextAttributes(rawValue: 1 << 3)
}

/// How a cell looks: two palette colours and a set of attributes.
public struct Style: Hashable, Sendable {
  /// The text colour.
  public var foreground: PaletteColor
  /// The cell colour.
  public var background: PaletteColor
  /// Bold, dim, reverse, underline.
  public var attributes: TextAttributes

  /// A style; everything defaults to the terminal's own look.
  public init(
    foreground: PaletteColor = .terminalDefault, background: PaletteColor = .terminalDefault,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()
  /// Reverse video, the selection highlight that works with or without colour.
  public static let selected = Style(attributes: .reverse)

  /// A readable description for styled dumps, such as `fg=accent bold reverse`; `plain` for `.plain`.
  public var summary: String {
    var parts: [String] = []
    if foreground != .terminalDefault { parts.append("fg=\(foreground)") }
    if background != .terminalDefault { parts.append("bg=\(background)") }
    if attributes.contains(.bold) { parts.append("bold") }
    if attributes.contains(.dim) { parts.append("dim") }
    if attributes.contains(.reverse) { parts.append("reverse") }
    if attributes.contains(.underline) { parts.append("underline") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
