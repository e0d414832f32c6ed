/// Something worth showing on the timeline or printing in a script: a quantity the store published, a
/// debounced value reaching the badge, or a note such as a badge out of step with the basket.
public enum TimelineEvent: Hashable, Sendable {
  /// The store published a quantity.
  case sent(Int)
  /// A debounced value reached the badge.
  case badge(Int)
  /// Anything else worth saying.
  case note(String)
}

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

/// The recent events, for the timeline pane: everything in the last ``spanMilliseconds``.
public struct Timeline: Hashable, Sendable {
  /// How far back the timeline keeps events.
  public static let spanMilliseconds = 10_000

  /// The events, oldest first.
  public private(set) var events: [TimedEvent] = []

  /// An empty timeline.
  public init() {}

  /// Adds an event and forgets those older than the span.
  public mutating func record(_ event: TimelineEvent, at milliseconds: Int) {
    events.append(TimedEvent(milliseconds: milliseconds, event: event))
    let oldest = milliseconds - Self.spanMilliseconds
    if let keep = events.firstIndex(where: { $0.milliseconds >= oldest }), keep > 0 {
      events.removeFirst(keep)
    }
  }
}
