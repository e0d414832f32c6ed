/// The footer: the filter being typed, or as many key hints as fit.
enum FooterView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let hint: String
    switch state.overlay {
    case .confirmCheckout:
      hint = KeyBindings.hints(KeyBindings.confirm)
    case .help, .messages:
      hint = KeyBindings.hints(KeyBindings.overlay)
    case nil where state.list.isEditingFilter:
      hint = " filter: \(state.list.filter)▏   Enter keeps it   Esc clears it"
    case nil where !state.list.filter.isEmpty:
      hint = KeyBindings.footer(
        width: layout.width, focus: state.focus,
        prefix: countPrefix(state) + "filter \"\(state.list.filter)\"  Esc clears  ")
    case nil:
      hint = KeyBindings.footer(width: layout.width, focus: state.focus, prefix: countPrefix(state))
    }
    grid.writeField(
      hint, at: GridPoint(x: 0, y: layout.footerRow), width: layout.width, style: Style(foreground: .muted))
  }

  /// A count being typed, shown before the hints: `5× `.
  private static func countPrefix(_ state: AppState) -> String {
    state.countPrefix.map { "\($0)× " } ?? ""
  }
}
