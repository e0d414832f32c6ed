import Dispatch
import Reactive

/// How long the badge waits after the last change before it shows the basket count: 0 to 5 s, changed
/// by the `+` and `-` keys in 100 ms steps. Zero means no debounce.
struct DebounceInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The longest interval.
  static let maximum = DebounceInterval(milliseconds: 5000)
  /// The step of `+` and `-`.
  static let stepMilliseconds = 100
  /// The default, as in the article.
  static let standard = DebounceInterval(milliseconds: 1000)

  /// The length in milliseconds, 0 through 5000.
  let milliseconds: Int

  /// An interval of `milliseconds`, clamped to 0...5000.
  init(milliseconds: Int) {
    // A literal, not `Self.maximum`: `maximum` is built by this initializer, and reading it here
    // re-entered its lazy initialization and hung the first use of any interval.
    self.milliseconds = min(max(0, milliseconds), 5000)
  }

  /// The next step up (rounded to the 100 ms grid), at most 5 s.
  var increased: DebounceInterval {
    DebounceInterval(milliseconds: (milliseconds / Self.stepMilliseconds + 1) * Self.stepMilliseconds)
  }

  /// The next step down (rounded to the 100 ms grid), at least 0.
  var decreased: DebounceInterval {
    let steps = (milliseconds + Self.stepMilliseconds - 1) / Self.stepMilliseconds
    return DebounceInterval(milliseconds: (steps - 1) * Self.stepMilliseconds)
  }

  /// The interval as a dispatch-time stride.
  var stride: DispatchQueue.SchedulerTimeType.Stride { .milliseconds(milliseconds) }

  /// "1.0s", "250ms", "off".
  var description: String {
    if milliseconds == 0 { return "off" }
    if milliseconds % 100 == 0 { return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)s" }
    return "\(milliseconds)ms"
  }

  static func < (lhs: DebounceInterval, rhs: DebounceInterval) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }
}
