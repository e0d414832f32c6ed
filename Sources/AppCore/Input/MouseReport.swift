/// A press, release or wheel turn of the mouse on a cell (columns and rows counted from 0).
public struct MouseReport: Equatable, Sendable {
  /// Which button the report is about.
  public enum Button: Equatable, Sendable {
    case first, wheelUp, wheelDown, other
  }

  /// The button pressed or let go, or the wheel's direction.
  public let button: Button
  /// The column, from 0 at the left.
  public let x: Int
  /// The row, from 0 at the top.
  public let y: Int
  /// False for a release (SGR reports say which button; X10 reports do not).
  public let isPress: Bool

  /// A report of `button` at column `x`, row `y`.
  public init(button: Button, x: Int, y: Int, isPress: Bool = true) {
    self.button = button
    self.x = x
    self.y = y
    self.isPress = isPress
  }
}
