/// The status bar: the last thing that happened, in red when it was a refusal.
enum StatusBarView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let style =
      state.status.kind == .error
      ? Style(foreground: .danger, attributes: .bold) : Style(foreground: .info)
    // A message cut to fit ends in `…`; the message log (L) has it whole.
    grid.writeField(
      " " + state.status.text.fitted(toWidth: max(0, layout.width - 1)),
      at: GridPoint(x: 0, y: layout.statusRow), width: layout.width, style: style)
  }
}
