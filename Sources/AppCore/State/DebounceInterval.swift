import Dispatch
import Reactive

/// How long the badge waits after the last change before it shows the basket count: 0 to 5 s, changed
/// by the `+` and `-` keys in 100 ms steps. Zero means no debounce.
public struct DebounceInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The longest interval, in milliseconds.
  public static let maximumMilliseconds = 5000
  /// The longest interval.
  public static let maximum = DebounceInterval(milliseconds: maximumMilliseconds)
  /// The step of `+` and `-`.
  public static let stepMilliseconds = 100
  /// The default, as in the article.
  public static let standard = DebounceInterval(milliseconds: 1000)

  /// The length in milliseconds, 0 through 5000.
  public let milliseconds: Int

  /// An interval of `milliseconds`, clamped to 0...5000.
  public init(milliseconds: Int) {
    self.milliseconds = min(max(0, milliseconds), Self.maximumMilliseconds)
  }

  /// The next step up (rounded to the 100 ms grid), at most 5 s.
  public var increased: DebounceInterval {
    DebounceInterval(milliseconds: (milliseconds / Self.stepMilliseconds + 1) * Self.stepMilliseconds)
  }

  /// The next step down (rounded to the 100 ms grid), at least 0.
  public var decreased: DebounceInterval {
    let steps = (milliseconds + Self.stepMilliseconds - 1) / Self.stepMilliseconds
    return DebounceInterval(milliseconds: (steps - 1) * Self.stepMilliseconds)
  }

  /// The interval as a dispatch-time stride.
  public var stride: DispatchQueue.SchedulerTimeType.Stride { .milliseconds(milliseconds) }

  /// "1.0s", "250ms", "off".
  public var description: String {
    if milliseconds == 0 { return "off" }
    if milliseconds % 100 == 0 { return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)s" }
    return "\(milliseconds)ms"
  }

  /// The shorter interval is the lesser.
  public static func < (lhs: DebounceInterval, rhs: DebounceInterval) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }
}
