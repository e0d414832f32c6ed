/// The footer: the filter being typed, or as many key hints as fit.
enum FooterView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let hint: String
    if state.isShowingHelp {
      hint = " Esc or ? closes the help   q quits"
    } else if state.list.isEditingFilter {
      hint = " filter: \(state.list.filter)▏   Enter keeps it   Esc clears it"
    } else if !state.list.filter.isEmpty {
      hint = KeyBindings.footer(width: layout.width, prefix: "filter \"\(state.list.filter)\"  Esc clears  ")
    } else {
      hint = KeyBindings.footer(width: layout.width)
    }
    grid.writeField(
      hint, at: GridPoint(x: 0, y: layout.footerRow), width: layout.width, style: Style(foreground: .muted))
  }
}
