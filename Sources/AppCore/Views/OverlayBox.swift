/// A box over the main screen, between the header and the footer, with a title and lines that scroll:
/// the frame the help, the message log and the checkout confirmation are drawn in.
enum OverlayBox {
  /// Where the box goes in a grid, and the columns its text may use.
  static func frame(in grid: Grid, rows wanted: Int) -> OverlayFrame {
    OverlayFrame(width: grid.width, height: grid.height, rows: wanted)
  }

  /// Draws the box with `title` and `lines` from `scroll` on (clamped so the last page stays full);
  /// marks the top and bottom border when there is more above or below. Returns the scroll used.
  @discardableResult
  static func draw(
    title: String, lines: [String], scroll: Int, into grid: inout Grid, styles: [Int: Style] = [:]
  ) -> Int {
    let frame = frame(in: grid, rows: lines.count)
    let (rect, textWidth) = (frame.rect, frame.textWidth)
    let box = Style(attributes: .reverse)
    grid.fill(GridRect(x: 0, y: 1, width: grid.width, height: grid.height - 2), style: .plain)
    grid.fill(rect, style: box)
    let rows = rect.height - 2
    let top = max(0, min(scroll, lines.count - rows))
    grid.write(
      " \(title) ".fitted(toWidth: rect.width - 4), at: GridPoint(x: rect.origin.x + 2, y: rect.origin.y),
      style: Style(attributes: [.reverse, .bold]))
    for row in 0..<rows {
      let index = top + row
      guard index < lines.count else { break }
      // A line the box cannot hold ends in "…": callers wrap what must be read whole.
      grid.write(
        lines[index].fitted(toWidth: textWidth),
        at: GridPoint(x: rect.origin.x + 2, y: rect.origin.y + 1 + row),
        style: styles[index] ?? box, maxWidth: textWidth)
    }
    let bottom = rect.origin.y + rect.height - 1
    if top > 0 {
      grid.write("↑ more", at: GridPoint(x: rect.origin.x + rect.width - 9, y: rect.origin.y), style: box)
    }
    if top + rows < lines.count {
      let below = lines.count - top - rows
      let text = "↓ \(below) more"
      grid.write(
        text, at: GridPoint(x: rect.origin.x + rect.width - 2 - DisplayWidth.of(text), y: bottom), style: box)
    }
    return top
  }
}
