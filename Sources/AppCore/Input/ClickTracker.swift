/// Turns presses of the first mouse button into clicks and double-clicks: a press on the same cell as
/// the previous click, within `interval`, is a double-click. A third quick press starts over as a click.
public struct ClickTracker: Sendable {
  /// The longest gap between the presses of a double-click.
  public var interval: Duration = .milliseconds(400)
  /// The previous single click, if it can still become a double-click.
  private var pending: (x: Int, y: Int, at: Duration)?

  /// A tracker with the given double-click interval.
  public init(interval: Duration = .milliseconds(400)) {
    self.interval = interval
  }

  /// The event for a press at (x, y); `time` is any monotonic clock reading.
  public mutating func press(x: Int, y: Int, at time: Duration) -> InputEvent {
    if let previous = pending, previous.x == x, previous.y == y, time - previous.at <= interval {
      pending = nil
      return .doubleClick(x: x, y: y)
    }
    pending = (x, y, time)
    return .click(x: x, y: y)
  }
}
