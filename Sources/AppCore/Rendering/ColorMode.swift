/// How many colours the screen may use.
public enum ColorMode: Hashable, Sendable {
  /// No colour: attributes alone carry meaning.
  case monochrome
  /// The eight ANSI colours.
  case basic
  /// 256 colours (a grey for `muted`).
  case extended

  /// The mode for a terminal with `colorCount` colours (0 without colour support). Colour is off when
  /// the user asked for it to be: `--no-color`, or `NO_COLOR` set to anything but the empty string.
  public static func resolve(colorCount: Int, noColorEnvironment: String?, colorDisabledByFlag: Bool)
    -> ColorMode
  {
    if colorDisabledByFlag || !(noColorEnvironment ?? "").isEmpty { return .monochrome }
    if colorCount >= 256 { return .extended }
    return colorCount >= 8 ? .basic : .monochrome
  }
}
