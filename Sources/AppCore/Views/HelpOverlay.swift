import Shop

/// The help overlay: every key, what the two store modes mean, and why the simple one goes wrong.
enum HelpOverlay {
  /// The article's control questions, answered for each mode.
  static let controlAnswers: [(question: String, controlled: String, simple: String)] = [
    ("Who owns the count?", "the store, privately", "nobody: a shared subject"),
    ("Who may write it?", "only the store's methods", "anyone who can see it"),
    ("How?", "add, remove, reset; atomic", "read value, add, send"),
    ("With what validation?", "never negative, bounded", "none"),
    ("Who reads it?", "anyone, read-only publisher", "anyone"),
  ]

  /// Why the simple store's badge drifts.
  static let whyText = [
    "In the simple store, reorder sends the reorder's own total instead of adding it, as the",
    "article's bad example does: the badge forgets what was already in the basket, and the",
    "header shows that badge and basket disagree, and by how much. The controlled store cannot",
    "be written that way: its only write path adds.",
  ]

  static func draw(_ state: AppState, into grid: inout Grid) {
    let table =
      [
        String(repeating: " ", count: 24) + "controlled".padding(toLength: 30, withPad: " ", startingAt: 0)
          + "simple"
      ]
      + controlAnswers.map { row in
        row.question.padding(toLength: 24, withPad: " ", startingAt: 0)
          + row.controlled.padding(toLength: 30, withPad: " ", startingAt: 0) + row.simple
      }
    let lines =
      [" Keys"]
      + KeyBindings.entries.map { entry in
        "  " + entry.keys.padding(toLength: 16, withPad: " ", startingAt: 0) + entry.meaning
      } + ["", " Store modes (now: \(state.mode.rawValue))"] + table.map { "  " + $0 } + [""]
      + whyText.map { "  " + $0 }
    grid.fill(GridRect(x: 0, y: 1, width: grid.width, height: grid.height - 2), style: .plain)
    let width = min(grid.width, 96)
    let height = min(grid.height - 2, lines.count + 2)
    let origin = GridPoint(x: (grid.width - width) / 2, y: 1 + (grid.height - 2 - height) / 2)
    let box = Style(attributes: .reverse)
    grid.fill(GridRect(x: origin.x, y: origin.y, width: width, height: height), style: box)
    grid.write(
      " help: Esc or ? closes ", at: GridPoint(x: origin.x + 2, y: origin.y),
      style: Style(attributes: [.reverse, .bold]))
    for (index, line) in lines.prefix(height - 2).enumerated() {
      grid.write(
        line, at: GridPoint(x: origin.x + 1, y: origin.y + 1 + index), style: box, maxWidth: width - 2)
    }
  }
}
