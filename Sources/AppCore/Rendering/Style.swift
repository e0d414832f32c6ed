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
