import Shop

/// The recent events, for the timeline pane: everything in the last ``keptMilliseconds``, the widest
/// window the pane can be zoomed out to.
public struct Timeline: Hashable, Sendable {
  /// The windows the pane can show, in milliseconds: `[` and `]` step through them.
  public static let spans = [5_000, 10_000, 30_000, 60_000]
  /// The window a new timeline shows.
  public static let standardSpan = 10_000
  /// How far back the timeline keeps events.
  public static let keptMilliseconds = spans.last!

  /// The events, oldest first.
  public private(set) var events: [TimedEvent] = []

  /// An empty timeline.
  public init() {}

  /// Forgets what the lanes showed: a new pipeline starts with empty lanes.
  public mutating func forgetLanes() {
    events.removeAll { if case .lane = $0.event { true } else { false } }
  }

  /// Adds an event and forgets those older than what the widest window shows.
  public mutating func record(_ event: TimelineEvent, at milliseconds: Int) {
    events.append(TimedEvent(milliseconds: milliseconds, event: event))
    let oldest = milliseconds - Self.keptMilliseconds
    if let first = events.first, first.milliseconds < oldest,
      let keep = events.firstIndex(where: { $0.milliseconds >= oldest })
    {
      events.removeFirst(keep)
    }
  }
}
