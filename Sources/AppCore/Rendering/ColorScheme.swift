/// Maps semantic `Style`s onto terminal colour pairs and attributes, with readable fallbacks: on 8
/// colours `muted` becomes dim; without colour a coloured background becomes reverse video and
/// `danger`/`warning` text becomes bold.
public struct ColorScheme: Hashable, Sendable {
  /// A colour pair to register with the terminal; colour -1 is the terminal's default.
  public struct PairDefinition: Hashable, Sendable {
    /// The pair number, 1 and up.
    public var pair: Int
    /// The foreground colour index.
    public var foreground: Int
    /// The background colour index.
    public var background: Int
  }

  /// How a style is drawn: a colour pair number (0 is the default pair) and attributes.
  public struct Appearance: Hashable, Sendable {
    /// The colour pair.
    public var pair: Int
    /// The attributes, including any fallback added for the mode.
    public var attributes: TextAttributes
  }

  /// The colour budget.
  public let mode: ColorMode

  /// The scheme for `mode`.
  public init(mode: ColorMode) {
    self.mode = mode
  }

  /// The pairs to register. `defaultColors` says whether the terminal accepted `use_default_colors`;
  /// without it the defaults are white on black.
  public func pairDefinitions(defaultColors: Bool) -> [PairDefinition] {
    guard mode != .monochrome else { return [] }
    var result: [PairDefinition] = []
    for foreground in PaletteColor.allCases {
      for background in PaletteColor.allCases {
        let pair = pairNumber(foreground: foreground, background: background)
        guard pair != 0 else { continue }
        result.append(
          PairDefinition(
            pair: pair,
            foreground: colorIndex(foreground, defaultIndex: defaultColors ? -1 : 7),
            background: colorIndex(background, defaultIndex: defaultColors ? -1 : 0)))
      }
    }
    return result
  }

  /// How `style` is drawn in this mode.
  public func appearance(of style: Style) -> Appearance {
    var attributes = style.attributes
    switch mode {
    case .monochrome:
      if style.background != .terminalDefault { attributes.insert(.reverse) }
      if [.danger, .warning].contains(style.foreground) { attributes.insert(.bold) }
      if style.foreground == .muted { attributes.insert(.dim) }
      return Appearance(pair: 0, attributes: attributes)
    case .basic:
      var foreground = style.foreground
      var background = style.background
      if foreground == .muted {
        foreground = .terminalDefault
        attributes.insert(.dim)
      }
      if background == .muted { background = .terminalDefault }
      return Appearance(
        pair: pairNumber(foreground: foreground, background: background), attributes: attributes)
    case .extended:
      return Appearance(
        pair: pairNumber(foreground: style.foreground, background: style.background), attributes: attributes)
    }
  }

  /// Pairs are numbered by palette position: foreground * 8 + background, so default/default is 0.
  private func pairNumber(foreground: PaletteColor, background: PaletteColor) -> Int {
    Int(foreground.rawValue) * PaletteColor.allCases.count + Int(background.rawValue)
  }

  /// The terminal colour index of a palette colour.
  func colorIndex(_ color: PaletteColor, defaultIndex: Int) -> Int {
    switch color {
    case .terminalDefault: return defaultIndex
    case .danger: return 1
    case .success: return 2
    case .warning: return 3
    case .info: return 4
    case .highlight: return 5
    case .accent: return 6
    case .muted: return mode == .extended ? 244 : defaultIndex
    }
  }
}
