/// A rectangle of grid cells.
public struct GridRect: Hashable, Sendable {
  /// The top-left cell.
  public var origin: GridPoint
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Whether the cell (x, y) is inside the rectangle.
  public func contains(x: Int, y: Int) -> Bool {
    (origin.x..<(origin.x + width)).contains(x) && (origin.y..<(origin.y + height)).contains(y)
  }

  /// A rectangle from its top-left cell and size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    origin = GridPoint(x: x, y: y)
    self.width = width
    self.height = height
  }
}
