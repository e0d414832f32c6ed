import Shop

/// An event and when it happened, in milliseconds since the app started.
public struct TimedEvent: Hashable, Sendable {
  /// When, in milliseconds since the start.
  public let milliseconds: Int
  /// What.
  public let event: TimelineEvent

  /// An event at `milliseconds`.
  public init(milliseconds: Int, event: TimelineEvent) {
    self.milliseconds = milliseconds
    self.event = event
  }
}
