/// A script run drawn as a standalone SVG marble diagram (`--script FILE --svg FILE.svg`), for slides:
/// the same lanes as ``MarbleDiagram`` (sent, badge, basket, then one per lab stage), each a line with
/// a circle per value and the value under it, the end of a lane's stream as a bar, the debounce
/// windows as brackets between `sent` and `badge`, the actions as dashed lines with their letter, and
/// time ticks every second. Black on white, sized by a `viewBox` so that it scales without blurring.
enum MarbleSVG {
  /// Horizontal pixels per second of the run, unless the run is too long for them.
  static let pixelsPerSecond = 200.0
  /// The widest the lanes are drawn, in pixels.
  static let maximumLaneWidth = 2400.0
  /// The height of one lane with its labels.
  static let laneHeight = 56.0

  /// The document for `events`, a run that ended at `end` milliseconds.
  static func document(for events: [TimedEvent], end: Int) -> String {
    let chart = MarbleChart(events: events, end: end)
    let scale = min(pixelsPerSecond / 1000, maximumLaneWidth / Double(max(end, 1)))
    let left = 28 + 9.0 * Double(max(6, chart.lanes.map(\.name.count).max() ?? 0))
    let x = { (milliseconds: Int) in left + Double(milliseconds) * scale }
    let top = 40.0
    let laneY = { (index: Int) in top + Double(index) * laneHeight + 16 }
    let axisY = top + Double(chart.lanes.count) * laneHeight + 8
    let width = max(x(end) + 40, 760)
    let height = axisY + 40 + 18 * Double(chart.notes.count + (chart.actions.isEmpty ? 0 : 1))
    var body: [String] = []

    body.append(
      text(
        "one circle per value, its value below; | where a stream ended; brackets: the debounce windows",
        x: 12, y: 20, size: 13, anchor: "start"))
    // Time ticks and their seconds, with faint guides through the lanes.
    for second in stride(from: 0, through: end, by: 1000) {
      let at = x(second)
      body.append(line(at, top, at, axisY, width: 0.5, dash: "2 4"))
      body.append(line(at, axisY, at, axisY + 6, width: 1))
      body.append(text("\(second / 1000)s", x: at, y: axisY + 20, size: 12, anchor: "middle"))
    }
    body.append(line(left, axisY, x(end), axisY, width: 1))
    for (index, lane) in chart.lanes.enumerated() {
      let y = laneY(index)
      body.append(text(lane.name, x: 12, y: y + 5, size: 14, anchor: "start", bold: lane.isStage))
      // A stream's end comes after a value at the same moment, as marble diagrams draw it.
      let finished = lane.finished ?? end
      let stop = x(finished) + (lane.values.contains { $0.milliseconds == finished } ? 11 : 0)
      body.append(line(left, y, stop, y, width: 1.5))
      for value in lane.values {
        let at = x(value.milliseconds)
        body.append(
          "<circle cx=\"\(number(at))\" cy=\"\(number(y))\" r=\"7\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>"
        )
        body.append(text(value.text, x: at, y: y + 24, size: 12, anchor: "middle"))
      }
      body.append(line(stop, y - 10, stop, y + 10, width: 2.5))
      // Under the sent lane: from each last value sent to the badge value it became.
      if index == 0 { body += chart.windows.flatMap { bracket($0, x: x, y: y + 34) } }
    }
    var notesY = axisY + 40
    if !chart.actions.isEmpty {
      for action in chart.actions {
        let at = x(action.milliseconds)
        body.append(line(at, top, at, axisY, width: 1, dash: "6 3"))
        body.append(text(String(action.letter), x: at + 3, y: top - 4, size: 12, anchor: "start", bold: true))
      }
      body.append(text("actions: " + chart.actionLegend, x: left, y: notesY, size: 12, anchor: "start"))
      notesY += 18
    }
    for note in chart.notes {
      body.append(
        text(
          "\(ScriptOutput.seconds(note.milliseconds)) \(note.text)", x: left, y: notesY, size: 12,
          anchor: "start"))
      notesY += 18
    }
    let size = "width=\"\(number(width))\" height=\"\(number(height))\""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" \(size) viewBox="0 0 \(number(width)) \(number(height))" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">
      <title>shop: marble diagram of a script run</title>
      <rect width="100%" height="100%" fill="#fff"/>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }

  /// A debounce window's bracket at height `y`, from the last value sent to the badge value it became,
  /// with its length under it.
  private static func bracket(_ window: (from: Int, to: Int), x: (Int) -> Double, y: Double) -> [String] {
    let from = x(window.from)
    let to = x(window.to)
    let tenths = (window.to - window.from + 50) / 100
    return [
      "<path d=\"M\(number(from)) \(number(y - 5))V\(number(y))H\(number(to))V\(number(y - 5))\" fill=\"none\" stroke=\"#000\" stroke-width=\"1\"/>",
      text("\(tenths / 10).\(tenths % 10) s", x: (from + to) / 2, y: y + 12, size: 10, anchor: "middle"),
    ]
  }

  private static func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, width: Double, dash: String? = nil
  ) -> String {
    let dashed = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    return
      "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\" stroke=\"#000\" stroke-width=\"\(number(width))\"\(dashed)/>"
  }

  private static func text(
    _ content: String, x: Double, y: Double, size: Int, anchor: String, bold: Bool = false
  ) -> String {
    let weight = bold ? " font-weight=\"bold\"" : ""
    return
      "<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\"\(weight) fill=\"#000\">\(escaped(content))</text>"
  }

  /// A coordinate with at most one decimal.
  private static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
  }

  /// `text` with XML's special characters as entities.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
