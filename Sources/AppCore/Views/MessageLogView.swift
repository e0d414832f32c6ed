/// The message log: every status line of the run, newest first, in full and wrapped.
enum MessageLogView {
  static func draw(_ state: AppState, scroll: Int, into grid: inout Grid) {
    let (lines, refusals) = OverlayText.messageLog(
      state, width: OverlayBox.frame(in: grid, rows: 1).textWidth)
    // The time column's heading, when there is a message under it, in bold; refusals stand out.
    var styles: [Int: Style] = state.messages.entries.isEmpty ? [:] : [0: Style(attributes: .bold)]
    for line in refusals { styles[line] = Style(foreground: .danger, attributes: [.reverse, .bold]) }
    OverlayBox.draw(
      title: "messages, newest first", lines: lines, scroll: scroll, into: &grid, styles: styles)
  }
}
