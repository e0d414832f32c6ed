import Shop

/// A script run drawn as a marble diagram in text, for slides and docs (`--script FILE --marbles`): a
/// lane per stream (the values the store sent, the badge, the basket), a column per time step, a `●`
/// per value with the value written under it, the end of the run as `|`, and the actions on a row of
/// their own. Exact, because it is drawn from a run on the virtual clock.
enum MarbleDiagram {
  /// The steps a column may stand for, in milliseconds, finest first.
  static let steps = [100, 250, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000]
  /// The most columns the lanes take.
  static let maximumColumns = 120
  /// Where the lanes start, after their names.
  static let laneStart = 8

  /// The diagram of `events`, a run that ended at `end` milliseconds.
  static func lines(for events: [TimedEvent], end: Int) -> [String] {
    let step = steps.first { end / $0 < maximumColumns } ?? steps.last!
    let columns = end / step + 1
    let column = { (milliseconds: Int) in min(columns - 1, milliseconds / step) }
    var lanes: [(name: String, values: [(Int, Int)])] = [("sent", []), ("badge", []), ("basket", [])]
    var actions: [(Int, Character)] = []
    var notes: [String] = []
    for timed in events {
      switch timed.event {
      case .sent(let value): lanes[0].values.append((timed.milliseconds, value))
      case .badge(let value): lanes[1].values.append((timed.milliseconds, value))
      case .basket(let value): lanes[2].values.append((timed.milliseconds, value))
      case .action(let action): actions.append((timed.milliseconds, action.mark.letter))
      case .compared(let value):
        if lanes.count == 3 { lanes.append(("compare", [])) }
        lanes[3].values.append((timed.milliseconds, value))
      case .note(let text):
        notes.append("  \(ScriptOutput.seconds(timed.milliseconds)) \(UntrustedText.escaped(text))")
      }
    }
    var lines = [
      "one column = \(step) ms; ● a value (n× several in one column, their values below), | the end of the run"
    ]
    let second = max(1000, step * 10 / 1000 * 1000)
    let ticks = stride(from: 0, through: end, by: second).map {
      LaneLabels.Label(column: column($0), text: "\($0 / 1000)s")
    }
    lines.append(
      row("time", labels: LaneLabels.place(ticks, width: columns + 1), width: columns + 1)
        .trimmingTrailingSpaces())
    for lane in lanes {
      var marks = Array(repeating: Character("-"), count: columns) + ["|"]
      for mark in LaneMarks.marks(columns: lane.values.map { column($0.0) }, width: columns) {
        for (offset, character) in mark.text.enumerated() where mark.column + offset < columns {
          marks[mark.column + offset] = character
        }
      }
      lines.append(pad(lane.name) + String(marks))
      let labels = lane.values.map { LaneLabels.Label(column: column($0.0), text: "\($0.1)") }
      lines.append(
        row("", labels: LaneLabels.place(labels, width: columns), width: columns).trimmingTrailingSpaces())
    }
    if !actions.isEmpty {
      var marks = Array(repeating: Character(" "), count: columns)
      for (milliseconds, letter) in actions { marks[column(milliseconds)] = letter }
      let names: [Character: String] = [
        "C": "checkout", "R": "reorder", "M": "store", "D": "debounce", "U": "undo",
      ]
      let legend = Set(actions.map(\.1)).sorted().map { "\($0) \(names[$0] ?? "")" }
      lines.append(
        (pad("actions") + String(marks)).trimmingTrailingSpaces() + "   (" + legend.joined(separator: ", ")
          + ")")
    }
    if !notes.isEmpty { lines += ["notes:"] + notes }
    return lines
  }

  private static func pad(_ name: String) -> String {
    name + String(repeating: " ", count: max(1, laneStart - name.count))
  }

  private static func row(_ name: String, labels: [LaneLabels.Label], width: Int) -> String {
    var characters = Array(repeating: Character(" "), count: width)
    for label in labels {
      for (offset, character) in label.text.enumerated() where label.column + offset < width {
        characters[label.column + offset] = character
      }
    }
    return pad(name) + String(characters)
  }
}

extension String {
  /// The string without trailing spaces.
  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
