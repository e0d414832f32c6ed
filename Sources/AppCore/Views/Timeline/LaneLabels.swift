/// Places text labels on one row so that none overlaps another: each as near its own column as it can
/// be, in the order of the columns, shifted right past the one before and, at the row's end, back to
/// the left. When there are more than the row can hold, the oldest are left out (their marks stay).
enum LaneLabels {
  /// A label wanted at `column`.
  struct Label: Equatable {
    var column: Int
    var text: String
  }

  /// The labels' columns on a row `width` wide, with a space between neighbours; labels that cannot
  /// fit are dropped from the front.
  static func place(_ labels: [Label], width: Int) -> [Label] {
    let sorted = labels.sorted { $0.column < $1.column }
    // Each width measured once; the oldest dropped until the rest fit, in one pass (this runs for every
    // lane on every frame, and a zoomed-out lane can hold many values).
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
