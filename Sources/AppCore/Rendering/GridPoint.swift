/// A column and row of a `Grid`, counted from the top-left corner at (0, 0).
public struct GridPoint: Hashable, Sendable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int
}
