import Shop

/// A script run drawn as a marble diagram in text, for slides and docs (`--script FILE --marbles`): a
/// lane per stream (the values the store sent, the badge, the basket, and each stage of a lab
/// pipeline), a column per time step, a `●` per value with the value written under it, the end of a
/// lane's stream as `|` and the end of the run as `|`, and the actions on a row of their own. Exact,
/// because it is drawn from a run on the virtual clock.
enum MarbleDiagram {
  /// The steps a column may stand for, in milliseconds, finest first.
  static let steps = [100, 250, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000]
  /// The most columns the lanes take.
  static let maximumColumns = 120
  /// Where the lanes start, after their names, when no name is longer than seven characters.
  static let laneStart = 8

  /// The step a column stands for in a run of `end` milliseconds.
  static func step(forEnd end: Int) -> Int { steps.first { end / $0 < maximumColumns } ?? steps.last! }

  /// The diagram of `events`, a run that ended at `end` milliseconds.
  static func lines(for events: [TimedEvent], end: Int) -> [String] {
    let chart = MarbleChart(events: events, end: end)
    let step = step(forEnd: end)
    let columns = end / step + 1
    let column = { (milliseconds: Int) in min(columns - 1, milliseconds / step) }
    let start = max(laneStart, (chart.lanes.map(\.name.count).max() ?? 0) + 1)
    let pad = { (name: String) in name + String(repeating: " ", count: max(1, start - name.count)) }
    var lines = [
      "one column = \(step) ms; ● a value (n× several in one column, their values below), | the end of the run"
    ]
    let second = max(1000, step * 10 / 1000 * 1000)
    let ticks = stride(from: 0, through: end, by: second).map {
      LaneLabels.Label(column: column($0), text: "\($0 / 1000)s")
    }
    lines.append(
      (pad("time") + row(LaneLabels.spread(ticks, width: columns + 1), width: columns + 1))
        .trimmingTrailingSpaces())
    for lane in chart.lanes {
      var marks = Array(repeating: Character("-"), count: columns) + ["|"]
      for mark in LaneMarks.marks(columns: lane.values.map { column($0.milliseconds) }, width: columns) {
        for (offset, character) in mark.text.enumerated() where mark.column + offset < columns {
          marks[mark.column + offset] = character
        }
      }
      if let finished = lane.finished {
        // The stream ended: a bar where it did (after a mark there), nothing after it.
        var at = column(finished)
        while at < columns, marks[at] != "-" { at += 1 }
        if at < columns { marks[at] = "|" }
        for later in min(columns, at + 1)..<columns { marks[later] = " " }
      }
      lines.append(pad(lane.name) + String(marks))
      let labels = lane.values.map { LaneLabels.Label(column: column($0.milliseconds), text: $0.text) }
      lines.append(
        (pad("") + row(LaneLabels.spread(labels, width: columns), width: columns)).trimmingTrailingSpaces())
    }
    if !chart.actions.isEmpty {
      var marks = Array(repeating: Character(" "), count: columns)
      for action in chart.actions { marks[column(action.milliseconds)] = action.letter }
      lines.append(
        (pad("actions") + String(marks)).trimmingTrailingSpaces() + "   (" + chart.actionLegend + ")")
    }
    if !chart.notes.isEmpty {
      lines += ["notes:"] + chart.notes.map { "  \(ScriptOutput.seconds($0.milliseconds)) \($0.text)" }
    }
    return lines
  }

  private static func row(_ labels: [LaneLabels.Label], width: Int) -> String {
    var characters = Array(repeating: Character(" "), count: width)
    for label in labels {
      for (offset, character) in label.text.enumerated() where label.column + offset < width {
        characters[label.column + offset] = character
      }
    }
    return String(characters)
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
