import Dispatch
import Reactive

/// Something worth showing on the timeline or printing in a script: a quantity the store published, a
/// debounced value reaching the badge, or a note such as a badge out of step with the basket.
enum SessionEvent: Hashable, Sendable {
  /// The store published a quantity.
  case sent(Int)
  /// A debounced value reached the badge.
  case badge(Int)
  /// Anything else worth saying.
  case note(String)
}

/// An event and when it happened, in milliseconds since the session started.
struct TimedEvent: Hashable, Sendable {
  let milliseconds: Int
  let event: SessionEvent
}

/// The recent events, for the timeline pane: everything in the last `span` milliseconds.
struct Timeline: Hashable, Sendable {
  /// How far back the timeline keeps events.
  static let spanMilliseconds = 10_000

  private(set) var events: [TimedEvent] = []

  /// Adds an event and forgets those older than the span.
  mutating func record(_ event: SessionEvent, at milliseconds: Int) {
    events.append(TimedEvent(milliseconds: milliseconds, event: event))
    let oldest = milliseconds - Self.spanMilliseconds
    if let keep = events.firstIndex(where: { $0.milliseconds >= oldest }), keep > 0 {
      events.removeFirst(keep)
    }
  }
}
