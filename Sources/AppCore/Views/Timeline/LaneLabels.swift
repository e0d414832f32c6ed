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
    var labels = labels.sorted { $0.column < $1.column }
    while !labels.isEmpty {
      let needed = labels.reduce(0) { $0 + DisplayWidth.of($1.text) + 1 } - 1
      if needed <= width { break }
      labels.removeFirst()
    }
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
