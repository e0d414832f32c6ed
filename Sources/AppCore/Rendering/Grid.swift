/// A screen's worth of cells that views draw into and the terminal edge copies to the terminal.
///
/// Text is placed by display width: a wide glyph takes its column and a continuation column, is never
/// split, and becomes a space where only one column is left. Writing over half of a wide glyph blanks
/// the other half, so the grid never holds half a character. Everything outside the grid is clipped.
public struct Grid: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row by row.
  private(set) var cells: [Cell]

  /// A blank grid; negative sizes count as 0.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at column `x`, row `y`; both must be inside the grid.
  public subscript(x: Int, y: Int) -> Cell {
    precondition(contains(x: x, y: y), "(\(x), \(y)) is outside a \(width)x\(height) grid")
    return cells[y * width + x]
  }

  /// Fills a rectangle, clipped to the grid, with spaces in `style`.
  public mutating func fill(_ rect: GridRect, style: Style) {
    let rows = max(0, rect.origin.y)..<min(height, rect.origin.y + rect.height)
    let columns = max(0, rect.origin.x)..<min(width, rect.origin.x + rect.width)
    for y in rows {
      for x in columns { put(.space(style), width: 1, x: x, y: y) }
    }
  }

  /// Writes `text` from `origin` in `style`, cut after `maxWidth` columns (if given) and at the grid's
  /// right edge. Returns the column just after the last one written.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, at origin: GridPoint, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    let end = min(width, maxWidth.map { origin.x + max(0, $0) } ?? width)
    guard (0..<height).contains(origin.y) else { return origin.x }
    var x = origin.x
    for glyph in TerminalGlyph.glyphs(in: text) {
      if x >= end { break }
      if x + glyph.width > end {
        if x >= 0 { put(.space(style), width: 1, x: x, y: origin.y) }
        x += 1
        break
      }
      if x >= 0 {
        put(Cell(content: .glyph(glyph.text), style: style), width: glyph.width, x: x, y: origin.y)
      } else if x + glyph.width > 0 {
        put(.space(style), width: 1, x: 0, y: origin.y)
      }
      x += glyph.width
    }
    return min(x, end)
  }

  /// Writes `text` into a field of exactly `width` columns: padded with spaces in `style` when shorter,
  /// cut when longer. Returns the column just after the field.
  @discardableResult
  public mutating func writeField(
    _ text: some StringProtocol, at origin: GridPoint, width fieldWidth: Int, style: Style = .plain,
    alignment: FieldAlignment = .leading
  ) -> Int {
    let fieldWidth = max(0, fieldWidth)
    fill(GridRect(x: origin.x, y: origin.y, width: fieldWidth, height: 1), style: style)
    let textWidth = min(DisplayWidth.of(text), fieldWidth)
    let start = alignment == .leading ? origin.x : origin.x + fieldWidth - textWidth
    write(text, at: GridPoint(x: start, y: origin.y), style: style, maxWidth: origin.x + fieldWidth - start)
    return origin.x + fieldWidth
  }

  /// Whether (x, y) is inside the grid.
  public func contains(x: Int, y: Int) -> Bool {
    (0..<width).contains(x) && (0..<height).contains(y)
  }

  /// Places a cell of `cellWidth` columns at (x, y); the caller has clipped it to the grid.
  private mutating func put(_ cell: Cell, width cellWidth: Int, x: Int, y: Int) {
    let row = y * width
    for column in x..<(x + cellWidth) { breakWideGlyph(at: column, row: row) }
    cells[row + x] = cell
    if cellWidth == 2 { cells[row + x + 1] = Cell(content: .wideContinuation, style: cell.style) }
  }

  /// Blanks the other half of a wide glyph that `column` is part of, before `column` is overwritten.
  private mutating func breakWideGlyph(at column: Int, row: Int) {
    let cell = cells[row + column]
    if cell.content == .wideContinuation {
      if column > 0 { cells[row + column - 1] = .space(cell.style) }
      cells[row + column] = .space(cell.style)
    } else if column + 1 < width, cells[row + column + 1].content == .wideContinuation {
      cells[row + column + 1] = .space(cell.style)
    }
  }
}
