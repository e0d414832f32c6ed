import Shop

/// A live marble diagram of the last ten seconds: one lane for each quantity the store published
/// (`sent`), one for each debounced value that reached the badge (`badge`), time moving right to left,
/// and a countdown for a pending emission.
enum TimelineView {
  static let laneStart = 8

  static func draw(_ state: AppState, in pane: GridRect, into grid: inout Grid) {
    let now = state.now
    let muted = Style(foreground: .muted)
    let y = pane.origin.y
    grid.writeField(
      " timeline, last 10 s; now is at the right edge", at: GridPoint(x: 0, y: y), width: pane.width,
      style: muted)
    grid.write(" sent", at: GridPoint(x: 0, y: y + 1), style: Style(foreground: .info))
    grid.write(" badge", at: GridPoint(x: 0, y: y + 2), style: Style(foreground: .success))
    let laneWidth = max(1, pane.width - laneStart - 1)
    for lane in 1...2 {
      grid.write(
        String(repeating: "·", count: laneWidth), at: GridPoint(x: laneStart, y: y + lane), style: muted)
    }
    for timed in state.timeline.events {
      let lane: Int
      let value: Int
      let style: Style
      switch timed.event {
      case .sent(let sent):
        (lane, value, style) = (1, sent, Style(foreground: .info, attributes: .bold))
      case .badge(let badge):
        (lane, value, style) = (2, badge, Style(foreground: .success, attributes: .bold))
      case .note:
        continue
      }
      guard let column = column(of: timed.milliseconds, now: now, laneWidth: laneWidth) else { continue }
      grid.write(
        "\(value)", at: GridPoint(x: laneStart + column, y: y + lane), style: style,
        maxWidth: laneWidth - column)
    }
    drawCountdown(state, now: now, row: y + 3, width: pane.width, into: &grid)
  }

  /// The lane column of an event `milliseconds` after the start, or `nil` once it is older than the
  /// lane shows.
  static func column(of milliseconds: Int, now: Int, laneWidth: Int) -> Int? {
    let age = now - milliseconds
    let column = laneWidth - 1 - age * laneWidth / Timeline.spanMilliseconds
    return (0..<laneWidth).contains(column) ? column : nil
  }

  private static func drawCountdown(
    _ state: AppState, now: Int, row: Int, width: Int, into grid: inout Grid
  ) {
    guard let pending = state.pending else {
      if let difference = state.disagreement {
        grid.writeField(
          " settled, but the badge is \(difference > 0 ? "+" : "")\(difference) off the basket (see ? for why)",
          at: GridPoint(x: 0, y: row), width: width, style: Style(foreground: .danger, attributes: .bold))
      } else {
        grid.writeField(
          " settled: the badge shows the basket", at: GridPoint(x: 0, y: row), width: width,
          style: Style(foreground: .muted))
      }
      return
    }
    let interval = state.debounce.milliseconds
    let elapsed = min(interval, max(0, now - pending.milliseconds))
    let remaining = interval - elapsed
    let barWidth = max(0, min(30, width - 40))
    let filled = interval == 0 ? barWidth : elapsed * barWidth / interval
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    let text = " pending \(pending.value): badge in \(remaining / 1000).\(remaining % 1000 / 100) s  "
    let x = grid.writeField(
      text, at: GridPoint(x: 0, y: row), width: DisplayWidth.of(text),
      style: Style(foreground: .warning, attributes: .bold))
    grid.write(bar, at: GridPoint(x: x, y: row), style: Style(foreground: .warning))
  }

  /// Whether anything on the timeline will still move: a pending emission, or an event not yet scrolled
  /// off. The app animates only while this holds.
  static func isMoving(_ state: AppState) -> Bool {
    if state.pending != nil { return true }
    guard let last = state.timeline.events.last(where: { !$0.event.isNote }) else { return false }
    return state.now - last.milliseconds < Timeline.spanMilliseconds
  }
}

extension TimelineEvent {
  /// Whether this is a note, which the timeline does not draw.
  var isNote: Bool {
    if case .note = self { return true }
    return false
  }
}
