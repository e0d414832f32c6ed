import Shop

/// Something worth showing on the timeline or printing in a script: a quantity the store published, a
/// debounced value reaching the badge, what the basket holds, an action the user took, or a note such
/// as a badge out of step with the basket.
public enum TimelineEvent: Hashable, Sendable {
  /// The store published a quantity.
  case sent(Int)
  /// A debounced value reached the badge.
  case badge(Int)
  /// The basket's quantity without paper bags changed to this.
  case basket(Int)
  /// Stage `stage` (counted from 0) of the lanes' pipeline produced a value or finished.
  case lane(stage: Int, LabStage, LaneOutput)
  /// The user did something the lanes answer: a checkout, a reorder, a store or interval change.
  case action(TimelineAction)
  /// Anything else worth saying.
  case note(String)
}

/// An action drawn as a vertical marker across the timeline's lanes.
public enum TimelineAction: Hashable, Sendable {
  /// The basket was checked out.
  case checkout
  /// The last order (or another) was put back in the basket.
  case reorder
  /// The quantity store changed.
  case mode(QuantityStoreMode)
  /// The debounce interval changed.
  case debounce(DebounceInterval)
  /// A change was undone.
  case undo
  /// An undone change was made again (Ctrl-R).
  case redo

  /// The marker's one-letter mark, and the word that names it.
  public var mark: (letter: Character, name: String) {
    switch self {
    case .checkout: ("C", "checkout")
    case .reorder: ("R", "reorder")
    case .mode(let mode): ("M", "\(mode.rawValue) store")
    case .debounce(let interval): ("D", "debounce \(interval)")
    case .undo: ("U", "undo")
    case .redo: ("Y", "redo")
    }
  }
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
