/// What a window smaller than the layout needs shows: `too small` and the size it needs.
enum TooSmallView {
  static func draw(into grid: inout Grid) {
    let message = "too small"
    let detail = "needs \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight)"
    let row = max(0, grid.height / 2 - 1)
    let column = max(0, (grid.width - message.count) / 2)
    grid.write(message, at: GridPoint(x: column, y: row), style: Style(attributes: .bold))
    grid.write(detail, at: GridPoint(x: max(0, (grid.width - detail.count) / 2), y: row + 1))
  }
}
