/// The message log: every status line of the run, newest first, in full and wrapped.
enum MessageLogView {
  static func draw(_ state: AppState, scroll: Int, into grid: inout Grid) {
    let (lines, styles) = lines(state, width: OverlayBox.frame(in: grid, rows: 1).textWidth)
    OverlayBox.draw(
      title: "messages, newest first", lines: lines, scroll: scroll, into: &grid, styles: styles)
  }

  /// The log's lines for a box whose text is `width` columns wide, and the style of each refusal's lines.
  static func lines(_ state: AppState, width: Int) -> (lines: [String], styles: [Int: Style]) {
    guard !state.messages.entries.isEmpty else { return (["no messages yet"], [:]) }
    // The time column's heading: seconds since the app started.
    var lines = ["time (s) message"]
    var styles: [Int: Style] = [0: Style(attributes: .bold)]
    for message in state.messages.entries.reversed() {
      let time = ScriptOutput.seconds(message.milliseconds)
      let prefix = time + String(repeating: " ", count: max(1, 10 - time.count))
      let body = message.text.wrapped(toWidth: max(1, width - prefix.count))
      for (index, text) in body.enumerated() {
        if message.kind == .error {
          styles[lines.count] = Style(foreground: .danger, attributes: [.reverse, .bold])
        }
        lines.append((index == 0 ? prefix : String(repeating: " ", count: prefix.count)) + text)
      }
    }
    return (lines, styles)
  }
}
