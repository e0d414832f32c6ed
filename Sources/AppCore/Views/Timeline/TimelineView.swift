import Shop

/// A live marble diagram of the last seconds, time moving right to left with now at the right edge:
/// a lane for each quantity the store published (`sent`), for each debounced value that reached the
/// badge (`badge`) and for what the basket holds (`basket`), so that a badge out of step is drawn, not
/// only written. Every event has its own mark (or its stack's count) and every label sits under its mark,
/// with `+N` for those there is no room for; the debounce window is a bracket from the last value sent
/// to the badge it produced, each with its own closing mark and length; letters on their own row above
/// the axis mark the actions (checkout, reorder, store and interval changes); the axis gives the seconds.
enum TimelineView {
  /// The column where the lanes start, after their names and a space (`thr.lst` is seven wide).
  static let laneStart = 9

  /// How much of the pane there is room for.
  enum Density: Equatable, Sendable {
    /// Labels above or below each lane, the debounce windows, a row for the action markers and the
    /// axis: eleven rows.
    case full
    /// Three lanes with their values written in the lane, and the countdown: five rows.
    case compact
    /// The sent and badge lanes and the countdown: three rows.
    case minimal

    /// The rows the pane takes with `extraLanes` lanes beyond sent, badge and basket, each lane
    /// `laneHeight` rows tall (taller lanes are drawn only in full).
    func rows(extraLanes: Int, laneHeight: Int = 1) -> Int {
      switch self {
      case .full: 11 + 2 * extraLanes + (laneHeight - 1) * (3 + extraLanes)
      case .compact: 5 + extraLanes
      case .minimal: 3 + extraLanes
      }
    }
  }

  /// One lane: its name, style and the values on it, as they are written.
  private struct Lane {
    let name: String
    let style: Style
    let events: [(milliseconds: Int, value: String)]
    /// When the lane's stream finished, if it did (a lab stage such as `prefix`).
    var finished: Int? = nil
  }

  /// Draws the timeline in `pane`; in full density, lanes `laneHeight` rows tall with marks as tall
  /// (for a projector), in `theme`'s colours.
  static func draw(
    _ state: AppState, in pane: GridRect, density: Density, laneHeight: Int = 1,
    theme: TimelineTheme = .standard,
    into grid: inout Grid
  ) {
    let laneWidth = max(1, pane.width - laneStart - 1)
    let lanes = makeLanes(state, theme: theme)
    let column = { (milliseconds: Int) in
      Self.column(of: milliseconds, now: state.now, laneWidth: laneWidth, span: state.timelineSpan)
    }
    var y = pane.origin.y
    switch density {
    case .full:
      drawTitle(state, at: y, width: pane.width, into: &grid)
      drawLabels(lanes[0], row: y + 1, column: column, laneWidth: laneWidth, into: &grid)
      drawLane(lanes[0], row: y + 2, height: laneHeight, column: column, laneWidth: laneWidth, into: &grid)
      drawWindows(
        state, row: y + 2 + laneHeight, column: column, laneWidth: laneWidth, style: theme.windows,
        into: &grid)
      var row = y + 3 + laneHeight
      for lane in lanes.dropFirst() {
        drawLane(lane, row: row, height: laneHeight, column: column, laneWidth: laneWidth, into: &grid)
        drawLabels(lane, row: row + laneHeight, column: column, laneWidth: laneWidth, into: &grid)
        row += laneHeight + 1
      }
      drawMarkers(
        state, row: row, column: column, markerRows: (y + 1)...(row - 1), style: theme.lines, into: &grid)
      drawAxis(state, row: row + 1, column: column, laneWidth: laneWidth, style: theme.lines, into: &grid)
      drawCountdown(state, row: row + 2, width: pane.width, into: &grid)
    case .compact:
      drawTitle(state, at: y, width: pane.width, into: &grid)
      for (index, lane) in lanes.enumerated() {
        drawLane(lane, row: y + 1 + index, column: column, laneWidth: laneWidth, inline: true, into: &grid)
      }
      drawCountdown(state, row: y + 1 + lanes.count, width: pane.width, into: &grid)
    case .minimal:
      for lane in lanes.prefix(2) + lanes.dropFirst(3) {
        drawLane(lane, row: y, column: column, laneWidth: laneWidth, inline: true, into: &grid)
        y += 1
      }
      drawCountdown(state, row: y, width: pane.width, into: &grid)
    }
  }

  /// The lane column of an event `milliseconds` after the start, or `nil` once it is older than the
  /// `span` the lane shows.
  static func column(of milliseconds: Int, now: Int, laneWidth: Int, span: Int = Timeline.standardSpan)
    -> Int?
  {
    let age = now - milliseconds
    guard age >= 0 else { return laneWidth - 1 }
    let column = laneWidth - 1 - age * laneWidth / span
    return (0..<laneWidth).contains(column) ? column : nil
  }

  private static func makeLanes(_ state: AppState, theme: TimelineTheme) -> [Lane] {
    var sent: [(Int, String)] = []
    var badge: [(Int, String)] = []
    var basket: [(Int, String)] = []
    let stages = state.lanes?.stages ?? []
    var staged = Array(repeating: [(Int, String)](), count: stages.count)
    var finished = [Int?](repeating: nil, count: stages.count)
    for timed in state.timeline.events {
      switch timed.event {
      case .sent(let value): sent.append((timed.milliseconds, "\(value)"))
      case .badge(let value): badge.append((timed.milliseconds, "\(value)"))
      case .basket(let value): basket.append((timed.milliseconds, "\(value)"))
      case .lane(let stage, _, .value(let value)) where staged.indices.contains(stage):
        staged[stage].append((timed.milliseconds, value.description))
      case .lane(let stage, _, .finished) where staged.indices.contains(stage):
        finished[stage] = timed.milliseconds
      case .lane, .action, .note: break
      }
    }
    let lanes = [
      Lane(name: "sent", style: theme.sent, events: sent),
      Lane(name: "badge", style: theme.badge, events: badge),
      Lane(name: "basket", style: theme.basket, events: basket),
    ]
    return lanes
      + stages.indices.map { index in
        Lane(
          name: stages[index].laneName, style: theme.compared,
          events: staged[index], finished: finished[index])
      }
  }

  private static func drawTitle(_ state: AppState, at row: Int, width: Int, into grid: inout Grid) {
    var title = " timeline · last \(state.timelineSpan / 1000) s · now at the right edge"
    if let pipeline = state.lanes { title += " · lanes: \(pipeline)" }
    if state.isPaused {
      title += " · PAUSED (Space)"
    } else if state.pace < 1 {
      title += " · \(AppState.paceName(state.pace)) time (< >)"
    }
    let shown = state.timeline.events.compactMap { event -> TimelineAction? in
      guard case .action(let action) = event.event, state.now - event.milliseconds < state.timelineSpan else {
        return nil
      }
      return action
    }
    var legend: [String] = []
    for action in shown {
      let entry = "\(action.mark.letter) \(action.mark.name)"
      if !legend.contains(entry) { legend.append(entry) }
    }
    if !legend.isEmpty { title += " · " + legend.joined(separator: ", ") }
    grid.writeField(title.fitted(toWidth: width), at: GridPoint(x: 0, y: row), width: width, style: .plain)
  }

  /// The lane's name, its dots, and a mark per event (values written in the lane when `inline`). A
  /// lane `height` rows tall has its dots and counts on the middle row and each mark as a bar through
  /// every row.
  private static func drawLane(
    _ lane: Lane, row top: Int, height: Int = 1, column: (Int) -> Int?, laneWidth: Int, inline: Bool = false,
    into grid: inout Grid
  ) {
    let row = top + (height - 1) / 2
    grid.write(" " + lane.name, at: GridPoint(x: 0, y: row), style: Style(foreground: lane.style.foreground))
    grid.write(String(repeating: "·", count: laneWidth), at: GridPoint(x: laneStart, y: row), style: .plain)
    let visible = lane.events.compactMap { event in column(event.milliseconds).map { ($0, event.value) } }
    if inline {
      for label in LaneLabels.place(visible.map { .init(column: $0.0, text: "\($0.1)") }, width: laneWidth) {
        grid.write(label.text, at: GridPoint(x: laneStart + label.column, y: row), style: lane.style)
      }
      drawEnd(of: lane, row: row, column: column, laneWidth: laneWidth, into: &grid)
      return
    }
    for mark in LaneMarks.marks(columns: visible.map(\.0), width: laneWidth) {
      guard height > 1 else {
        grid.write(mark.text, at: GridPoint(x: laneStart + mark.column, y: row), style: lane.style)
        continue
      }
      for bar in top..<(top + height) {
        let text = bar == row && mark.count > 1 ? mark.text : "█"
        grid.write(text, at: GridPoint(x: laneStart + mark.column, y: bar), style: lane.style)
      }
    }
    drawEnd(of: lane, row: row, column: column, laneWidth: laneWidth, into: &grid)
  }

  /// A finished lane's end: `|` where its stream ended (just after a mark there), and no dots after.
  private static func drawEnd(
    of lane: Lane, row: Int, column: (Int) -> Int?, laneWidth: Int, into grid: inout Grid
  ) {
    guard let finished = lane.finished, var at = column(finished) else { return }
    while at < laneWidth, grid[laneStart + at, row].content != .glyph("·") { at += 1 }
    guard at < laneWidth else { return }
    grid.write("|", at: GridPoint(x: laneStart + at, y: row), style: lane.style)
    grid.write(
      String(repeating: " ", count: laneWidth - at - 1), at: GridPoint(x: laneStart + at + 1, y: row),
      style: .plain)
  }

  /// Every visible value of the lane, on its own row, none over another.
  private static func drawLabels(
    _ lane: Lane, row: Int, column: (Int) -> Int?, laneWidth: Int, into grid: inout Grid
  ) {
    let labels = lane.events.compactMap { event in
      column(event.milliseconds).map { LaneLabels.Label(column: $0, text: "\(event.value)") }
    }
    for label in LaneLabels.place(labels, width: laneWidth) {
      grid.write(
        label.text, at: GridPoint(x: laneStart + label.column, y: row),
        style: Style(foreground: lane.style.foreground))
    }
  }

  /// A debounce window on the lane's columns: from the last value sent to the badge it produced (or
  /// to now, `open`, for the value still pending), with the lengths it stands for (more than one once
  /// neighbours too close to label apart are merged).
  private struct Window {
    var start: Int
    var end: Int
    var cut: Bool
    var open: Bool
    var lengths: [Int]

    /// The window's label: its length, or for merged windows how many and how long.
    var label: String {
      let tenths = lengths.map { ($0 + 50) / 100 }
      func seconds(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }
      guard tenths.count > 1 else { return "\(seconds(tenths[0])) s" }
      let low = tenths.min()!
      let high = tenths.max()!
      let range = low == high ? seconds(low) : "\(seconds(low))–\(seconds(high))"
      return "\(tenths.count)× \(range) s"
    }

    /// The bracket: `└───┘`, `─` first when it began before the lane's left edge, `▸` last while open.
    var bracket: String {
      (cut ? "─" : "└") + String(repeating: "─", count: end - start - 1) + (open ? "▸" : "┘")
    }

    /// One window from the start of this one to the end of `next`.
    func merged(with next: Window) -> Window {
      Window(start: start, end: next.end, cut: cut, open: next.open, lengths: lengths + next.lengths)
    }
  }

  /// The debounce windows' columns: each with its own closing mark, neighbours that touch merged.
  private static func windows(_ state: AppState, column: (Int) -> Int?) -> [Window] {
    var lastSent: Int?
    var spans: [(from: Int, to: Int, open: Bool)] = []
    for timed in state.timeline.events {
      switch timed.event {
      case .sent: lastSent = timed.milliseconds
      case .badge:
        if let sent = lastSent, timed.milliseconds > sent {
          spans.append((sent, timed.milliseconds, false))
        }
        lastSent = nil
      default: break
      }
    }
    if let pending = state.pending, state.debounce.milliseconds > 0 {
      spans.append((pending.milliseconds, state.now, true))
    }
    var windows: [Window] = []
    for span in spans {
      // A window that ended before the lane's left edge is not drawn; one that began before it is cut.
      guard let end = column(span.to) else { continue }
      let start = column(span.from) ?? 0
      guard end > start else { continue }
      let length = span.open ? state.debounce.milliseconds : span.to - span.from
      let window = Window(
        start: start, end: end, cut: column(span.from) == nil, open: span.open, lengths: [length])
      if let last = windows.last, window.start <= last.end {
        windows[windows.count - 1] = last.merged(with: window)
      } else {
        windows.append(window)
      }
    }
    return windows
  }

  /// Where each window's label goes: inside its bracket when it is long enough, else just before or
  /// after it where no other bracket or label is; a window whose label fits nowhere is merged with a
  /// neighbour, so that every bracket drawn is labelled.
  private static func labelColumns(_ windows: inout [Window], laneWidth: Int) -> [Int?] {
    while true {
      var columns: [Int?] = []
      var free = 0
      var unlabelled: Int?
      for (index, window) in windows.enumerated() {
        let width = DisplayWidth.of(window.label)
        let nextStart = index + 1 < windows.count ? windows[index + 1].start : laneWidth + 1
        if width + 4 <= window.end - window.start + 1 {
          columns.append(window.start + (window.end - window.start + 1 - width) / 2)
          free = window.end + 2
        } else if window.start - width - 1 >= free {
          columns.append(window.start - width - 1)
          free = window.end + 2
        } else if window.end + 2 + width <= min(laneWidth, nextStart - 1) {
          columns.append(window.end + 2)
          free = window.end + 3 + width
        } else {
          unlabelled = index
          break
        }
      }
      guard let index = unlabelled, windows.count > 1 else {
        return columns + Array(repeating: nil, count: windows.count - columns.count)
      }
      let first = index + 1 < windows.count ? index : index - 1
      windows[first] = windows[first].merged(with: windows[first + 1])
      windows.remove(at: first + 1)
    }
  }

  /// The debounce windows: from the last value sent to the badge it produced, a bracket with its
  /// length; for the value still pending, an open bracket to now.
  private static func drawWindows(
    _ state: AppState, row: Int, column: (Int) -> Int?, laneWidth: Int, style: Style, into grid: inout Grid
  ) {
    var windows = windows(state, column: column)
    let labels = labelColumns(&windows, laneWidth: laneWidth)
    for (window, label) in zip(windows, labels) {
      grid.write(window.bracket, at: GridPoint(x: laneStart + window.start, y: row), style: style)
      guard let label else { continue }
      let inside = label > window.start && label < window.end
      grid.write(
        inside ? " \(window.label) " : window.label,
        at: GridPoint(x: laneStart + label - (inside ? 1 : 0), y: row), style: style)
    }
  }

  /// A letter for each action on its own row above the axis, its column marked up through the lanes.
  private static func drawMarkers(
    _ state: AppState, row: Int, column: (Int) -> Int?, markerRows: ClosedRange<Int>, style muted: Style,
    into grid: inout Grid
  ) {
    for timed in state.timeline.events {
      guard case .action(let action) = timed.event, let at = column(timed.milliseconds) else { continue }
      let x = laneStart + at
      for markerRow in markerRows
      where grid[x, markerRow].content == .glyph("·") || grid[x, markerRow].content == .glyph(" ") {
        grid.write("│", at: GridPoint(x: x, y: markerRow), style: muted)
      }
      grid.write(
        String(action.mark.letter), at: GridPoint(x: x, y: row), style: Style(attributes: [.bold, .reverse]))
    }
  }

  /// The seconds, counted back from now at the right edge.
  private static func drawAxis(
    _ state: AppState, row: Int, column: (Int) -> Int?, laneWidth: Int, style muted: Style,
    into grid: inout Grid
  ) {
    grid.write(String(repeating: " ", count: laneWidth), at: GridPoint(x: laneStart, y: row), style: .plain)
    let step = state.timelineSpan <= 10_000 ? 1000 : state.timelineSpan <= 30_000 ? 5000 : 10_000
    var tick = step
    while let at = column(state.now - tick) {
      let label = "┊-\(tick / 1000)s"
      grid.write(
        at + label.count < laneWidth - 4 ? label : "┊", at: GridPoint(x: laneStart + at, y: row), style: muted
      )
      tick += step
    }
    grid.write("now", at: GridPoint(x: laneStart + laneWidth - 3, y: row), style: .plain)
  }

  private static func drawCountdown(_ state: AppState, row: Int, width: Int, into grid: inout Grid) {
    guard let pending = state.pending else {
      if let difference = state.disagreement {
        let gap = difference < 0 ? "\(difference.magnitude) short" : "\(difference) over"
        grid.writeField(
          " settled out of step: the badge is \(gap) of the basket (? explains why)".fitted(toWidth: width),
          at: GridPoint(x: 0, y: row), width: width, style: Style(foreground: .danger, attributes: .bold))
      } else {
        grid.writeField(
          " settled: the badge shows the basket", at: GridPoint(x: 0, y: row), width: width, style: .plain)
      }
      return
    }
    let interval = state.debounce.milliseconds
    let elapsed = min(interval, max(0, state.now - pending.milliseconds))
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
}
