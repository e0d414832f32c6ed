/// The marks of one lane: a `●` per event, and where events fall closer than the marks can be told
/// apart, one mark for the group with its count (`3×`), so that nothing is drawn over anything else.
enum LaneMarks {
  /// A mark drawn from `column`: `●`, or a count such as `3×`.
  struct Mark: Equatable {
    var column: Int
    var count: Int

    /// What the mark shows.
    var text: String { count == 1 ? "●" : "\(count)×" }
  }

  /// The marks for events at `columns` (in any order) on a lane `width` wide.
  static func marks(columns: [Int], width: Int) -> [Mark] {
    var counts: [Int: Int] = [:]
    for column in columns { counts[column, default: 0] += 1 }
    var marks: [Mark] = []
    for column in counts.keys.sorted() {
      let count = counts[column]!
      if var last = marks.last, column < last.column + DisplayWidth.of(last.text) {
        last.count += count
        marks[marks.count - 1] = last
      } else {
        marks.append(Mark(column: column, count: count))
      }
    }
    // A group's text may grow past the lane's end: pull it back in, joining the group before it if the
    // two then meet.
    while var last = marks.last, last.column + DisplayWidth.of(last.text) > width {
      last.column = max(0, width - DisplayWidth.of(last.text))
      marks[marks.count - 1] = last
      guard marks.count > 1,
        marks[marks.count - 2].column + DisplayWidth.of(marks[marks.count - 2].text) >= last.column
      else { break }
      marks.removeLast()
      marks[marks.count - 1].count += last.count
    }
    return marks
  }
}
