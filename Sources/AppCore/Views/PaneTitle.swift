/// How a pane's title shows whether the pane has the focus.
enum PaneTitle {
  /// Reverse video for the pane the keys act on, plain bold for the other.
  static func style(focused: Bool) -> Style {
    focused
      ? Style(foreground: .accent, attributes: [.bold, .reverse])
      : Style(foreground: .accent, attributes: .bold)
  }
}
