import Shop

/// A value and the moment it was recorded: milliseconds since the start, and its place in the order of
/// everything recorded (two values in the same millisecond are still ordered).
public struct Stamped: Hashable, Sendable {
  /// The value.
  public let value: Int
  /// When, in milliseconds since the start.
  public let milliseconds: Int
  /// Its place in the order of recorded values.
  public let sequence: Int
}
