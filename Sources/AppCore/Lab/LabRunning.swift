/// What `scan` keeps: the sum so far or the largest value so far.
public enum LabRunning: String, Hashable, Sendable {
  /// The sum of the values so far.
  case sum
  /// The largest value so far.
  case max

  /// The result after `value`, from `partial` (`nil` before the first value).
  func next(_ partial: Int?, _ value: Int) -> Int {
    guard let partial else { return value }
    switch self {
    case .sum: return Self.saturating(partial.addingReportingOverflow(value), sign: value)
    case .max: return Swift.max(partial, value)
    }
  }

  /// The result, or the end of `Int` that an overflow went past (its direction is `sign`'s).
  static func saturating(_ result: (partialValue: Int, overflow: Bool), sign: Int) -> Int {
    guard result.overflow else { return result.partialValue }
    return sign < 0 ? Int.min : Int.max
  }
}
