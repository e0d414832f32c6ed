import Shop

/// A live marble diagram of the last seconds, time moving right to left with now at the right edge:
/// a lane for each quantity the store published (`sent`), for each debounced value that reached the
/// badge (`badge`) and for what the basket holds (`basket`), so that a badge out of step is drawn, not
/// only written. Every event has its own mark and every value its own label; the debounce window is a
/// bracket from the last value sent to the badge it produced; an axis gives the seconds, and letters
/// on it mark the actions (checkout, reorder, store and interval changes).
enum TimelineView {
  /// The column where the lanes start, after their names.
  static let laneStart = 8

  /// How much of the pane there is room for.
  enum Density: Equatable, Sendable {
    /// Labels above or below each lane, the debounce windows and the axis: ten rows.
    case full
    /// Three lanes with their values written in the lane, and the countdown: five rows.
    case compact
    /// The sent and badge lanes and the countdown: three rows.
    case minimal

    /// The rows the pane takes with `extraLanes` lanes beyond sent, badge and basket.
    func rows(extraLanes: Int) -> Int {
      switch self {
      case .full: 10 + 2 * extraLanes
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

  static func draw(_ state: AppState, in pane: GridRect, density: Density, into grid: inout Grid) {
    let laneWidth = max(1, pane.width - laneStart - 1)
    let lanes = makeLanes(state)
    let column = { (milliseconds: Int) in
      Self.column(of: milliseconds, now: state.now, laneWidth: laneWidth, span: state.timelineSpan)
    }
    var y = pane.origin.y
    switch density {
    case .full:
      drawTitle(state, at: y, width: pane.width, into: &grid)
      drawLabels(lanes[0], row: y + 1, column: column, laneWidth: laneWidth, into: &grid)
      drawLane(lanes[0], row: y + 2, column: column, laneWidth: laneWidth, into: &grid)
      drawWindows(state, row: y + 3, column: column, laneWidth: laneWidth, into: &grid)
      var row = y + 4
      for lane in lanes.dropFirst() {
        drawLane(lane, row: row, column: column, laneWidth: laneWidth, into: &grid)
        drawLabels(lane, row: row + 1, column: column, laneWidth: laneWidth, into: &grid)
        row += 2
      }
      drawAxis(
        state, row: row, column: column, laneWidth: laneWidth, markerRows: (y + 1)...(row - 1), into: &grid)
      drawCountdown(state, row: row + 1, width: pane.width, into: &grid)
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

  private static func makeLanes(_ state: AppState) -> [Lane] {
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
      Lane(name: "sent", style: Style(foreground: .info, attributes: .bold), events: sent),
      Lane(name: "badge", style: Style(foreground: .success, attributes: .bold), events: badge),
      Lane(name: "basket", style: Style(foreground: .accent, attributes: .bold), events: basket),
    ]
    return lanes
      + stages.indices.map { index in
        Lane(
          name: stages[index].laneName, style: Style(foreground: .highlight, attributes: .bold),
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

  /// The lane's name, its dots, and a mark per event (values written in the lane when `inline`).
  private static func drawLane(
    _ lane: Lane, row: Int, column: (Int) -> Int?, laneWidth: Int, inline: Bool = false, into grid: inout Grid
  ) {
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
      grid.write(mark.text, at: GridPoint(x: laneStart + mark.column, y: row), style: lane.style)
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

  /// The debounce windows: from the last value sent to the badge it produced, a bracket with its
  /// length; for the value still pending, an open bracket to now.
  private static func drawWindows(
    _ state: AppState, row: Int, column: (Int) -> Int?, laneWidth: Int, into grid: inout Grid
  ) {
    let style = Style(foreground: .warning)
    var lastSent: Int?
    var windows: [(from: Int, to: Int, open: Bool)] = []
    for timed in state.timeline.events {
      switch timed.event {
      case .sent: lastSent = timed.milliseconds
      case .badge:
        if let sent = lastSent, timed.milliseconds > sent {
          windows.append((sent, timed.milliseconds, false))
        }
        lastSent = nil
      default: break
      }
    }
    if let pending = state.pending, state.debounce.milliseconds > 0 {
      windows.append((pending.milliseconds, state.now, true))
    }
    for window in windows {
      // A window that ended before the lane's left edge is not drawn; one that began before it is cut.
      guard let end = column(window.to) else { continue }
      let start = column(window.from) ?? 0
      guard end > start else { continue }
      var text = (column(window.from) == nil ? "─" : "└") + String(repeating: "─", count: end - start - 1)
      text += window.open ? "▸" : "┘"
      let length = window.open ? state.debounce.milliseconds : window.to - window.from
      let tenths = (length + 50) / 100
      let label = "\(tenths / 10).\(tenths % 10) s"
      if label.count + 4 <= text.count {
        // Inside the bracket when it is long enough, else just before or after it.
        let middle = (text.count - label.count - 2) / 2
        var characters = Array(text)
        characters.replaceSubrange(middle..<(middle + label.count + 2), with: Array(" \(label) "))
        text = String(characters)
      } else if start >= label.count + 1 {
        grid.write(label, at: GridPoint(x: laneStart + start - label.count - 1, y: row), style: style)
      } else if end + 2 + label.count <= laneWidth {
        grid.write(label, at: GridPoint(x: laneStart + end + 2, y: row), style: style)
      }
      grid.write(text, at: GridPoint(x: laneStart + start, y: row), style: style)
    }
  }

  /// The seconds, counted back from now at the right edge, and a letter for each action, whose column
  /// is marked through the lanes.
  private static func drawAxis(
    _ state: AppState, row: Int, column: (Int) -> Int?, laneWidth: Int, markerRows: ClosedRange<Int>,
    into grid: inout Grid
  ) {
    let muted = Style(foreground: .muted)
    grid.write(String(repeating: " ", count: laneWidth), at: GridPoint(x: laneStart, y: row), style: .plain)
    // An action's letter wins its column; a label it would cut or run into is left out whole (its tick
    // mark stays where the letter leaves it room), so the axis never reads "-9M", "-2sM" or "noM".
    let marked = state.timeline.events.compactMap { timed -> (at: Int, letter: Character)? in
      guard case .action(let action) = timed.event, let at = column(timed.milliseconds) else { return nil }
      return (at, action.mark.letter)
    }
    let markedColumns = Set(marked.map(\.at))
    func isFree(_ columns: Range<Int>) -> Bool { !columns.contains { markedColumns.contains($0) } }
    let step = state.timelineSpan <= 10_000 ? 1000 : state.timelineSpan <= 30_000 ? 5000 : 10_000
    var tick = step
    while let at = column(state.now - tick) {
      let label = "┊-\(tick / 1000)s"
      if at + label.count < laneWidth - 4, isFree(at..<(at + label.count + 1)) {
        grid.write(label, at: GridPoint(x: laneStart + at, y: row), style: muted)
      } else if isFree(at..<(at + 1)) {
        grid.write("┊", at: GridPoint(x: laneStart + at, y: row), style: muted)
      }
      tick += step
    }
    if isFree((laneWidth - 3)..<laneWidth) {
      grid.write("now", at: GridPoint(x: laneStart + laneWidth - 3, y: row), style: .plain)
    }
    for (at, letter) in marked {
      let x = laneStart + at
      for markerRow in markerRows
      where grid[x, markerRow].content == .glyph("·") || grid[x, markerRow].content == .glyph(" ") {
        grid.write("│", at: GridPoint(x: x, y: markerRow), style: muted)
      }
      grid.write(String(letter), at: GridPoint(x: x, y: row), style: Style(attributes: [.bold, .reverse]))
    }
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

  /// Whether anything on the timeline will still move: a pending emission, or an event not yet scrolled
  /// off. The app animates only while this holds.
  static func isMoving(_ state: AppState) -> Bool {
    if state.pending != nil { return true }
    guard let last = state.timeline.events.last(where: { !$0.event.isNote }) else { return false }
    return state.now - last.milliseconds < state.timelineSpan
  }
}

extension TimelineEvent {
  /// Whether this is a note, which the timeline does not draw.
  var isNote: Bool {
    if case .note = self { return true }
    return false
  }
}
