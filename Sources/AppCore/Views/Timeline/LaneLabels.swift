/// Places text labels on one row so that each sits under its own mark and none overlaps another: a
/// label starts at its mark's column, or ends on it when that is what leaves room. Labels are never
/// shifted off their marks; those that cannot fit are left out (their marks stay) and counted where
/// they would have been, as `+N`. The newest label is always kept.
enum LaneLabels {
  /// A label wanted at `column`.
  struct Label: Equatable {
    var column: Int
    var text: String
  }

  /// The text that stands for `count` labels left out.
  static func countText(_ count: Int) -> String { "+\(count)" }

  /// The labels' columns on a row `width` wide, with a space between neighbours, each covering its
  /// own column; labels that cannot fit are replaced by a `+N` label counting them, at the column of
  /// the first of them if there is room, else as near it as the shown labels allow.
  static func place(_ labels: [Label], width: Int) -> [Label] {
    // In column order, the earlier of two labels on one column first (a stack's newest is its last).
    let sorted = labels.enumerated().sorted {
      ($0.element.column, $0.offset) < ($1.element.column, $1.offset)
    }.map(\.element)
    // From the newest (rightmost) back: each entry is a shown label, and the count of the labels
    // left out between it and the next shown label to its right.
    var placed: [(start: Int, label: Label, count: Label?)] = []
    var limit = width
    var hidden = 0
    var firstHidden = 0
    for label in sorted.reversed() {
      let labelWidth = DisplayWidth.of(label.text)
      let countWidth = hidden > 0 ? DisplayWidth.of(countText(hidden)) + 1 : 0
      let start = min(label.column, limit - countWidth - labelWidth)
      guard start >= 0, start + labelWidth > label.column else {
        hidden += 1
        firstHidden = label.column
        continue
      }
      var count: Label?
      if hidden > 0 {
        let text = countText(hidden)
        let at = min(max(start + labelWidth + 1, firstHidden), limit - DisplayWidth.of(text))
        count = Label(column: at, text: text)
        hidden = 0
      }
      placed.append((start, label, count))
      limit = start - 1
    }
    // Labels left out at the left end: their count goes where it fits, giving up shown labels to it
    // if need be.
    while hidden > 0 {
      let text = countText(hidden)
      let at = min(firstHidden, limit - DisplayWidth.of(text))
      if at >= 0 {
        placed.append((at, Label(column: at, text: text), nil))
        break
      }
      guard let last = placed.popLast() else { break }
      hidden += 1 + (last.count.map { Int($0.text.dropFirst()) ?? 0 } ?? 0)
      firstHidden = last.label.column
      limit = placed.last.map { $0.start - 1 } ?? width
    }
    var result: [Label] = []
    for entry in placed.reversed() {
      result.append(Label(column: entry.start, text: entry.label.text))
      if let count = entry.count { result.append(count) }
    }
    return result
  }

  /// The labels in the order of their columns on a row `width` wide, each as near its own column as
  /// it can be: shifted right past the one before and, at the row's end, back to the left, with a space
  /// between neighbours; the oldest are dropped when there are more than the row holds. For the marble
  /// diagram, whose legend says a stack's values are written below it in order.
  static func spread(_ labels: [Label], width: Int) -> [Label] {
    let sorted = labels.sorted { $0.column < $1.column }
    // Each width measured once; the oldest dropped until the rest fit, in one pass (a long run can hold
    // many values).
    var needed = sorted.reduce(0) { $0 + DisplayWidth.of($1.text) + 1 } - 1
    var first = 0
    while first < sorted.count, needed > width {
      needed -= DisplayWidth.of(sorted[first].text) + 1
      first += 1
    }
    var labels = Array(sorted[first...])
    guard !labels.isEmpty else { return [] }
    var previousEnd = -1
    for index in labels.indices {
      labels[index].column = max(labels[index].column, previousEnd + 1)
      previousEnd = labels[index].column + DisplayWidth.of(labels[index].text)
    }
    var limit = width
    for index in labels.indices.reversed() {
      labels[index].column = min(labels[index].column, limit - DisplayWidth.of(labels[index].text))
      limit = labels[index].column - 1
    }
    return labels
  }
}
