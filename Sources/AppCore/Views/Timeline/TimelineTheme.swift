/// The timeline's colours: the standard ones, or a high-contrast set for a projector (bright lanes,
/// no grey), which the presenter layout uses.
struct TimelineTheme: Equatable {
  /// The sent lane.
  var sent: Style
  /// The badge lane.
  var badge: Style
  /// The basket lane.
  var basket: Style
  /// The comparison lane.
  var compared: Style
  /// The debounce windows.
  var windows: Style
  /// The axis and the action markers' lines.
  var lines: Style

  /// The main screen's colours.
  static let standard = TimelineTheme(
    sent: Style(foreground: .info, attributes: .bold), badge: Style(foreground: .success, attributes: .bold),
    basket: Style(foreground: .accent, attributes: .bold),
    compared: Style(foreground: .highlight, attributes: .bold), windows: Style(foreground: .warning),
    lines: Style(foreground: .muted))

  /// Colours that stay readable on a projector: no dark blue and no grey, everything bold.
  static let highContrast = TimelineTheme(
    sent: Style(foreground: .accent, attributes: .bold),
    badge: Style(foreground: .success, attributes: .bold),
    basket: Style(attributes: .bold), compared: Style(foreground: .highlight, attributes: .bold),
    windows: Style(foreground: .warning, attributes: .bold), lines: Style(attributes: .bold))
}
