/// Nanosecond arithmetic for the schedulers' strides: a result beyond `Int`'s range becomes `Int.max`
/// or `Int.min` instead of trapping or wrapping, as `DispatchTimeInterval` clamps its own conversions.
enum SaturatingNanoseconds {
  /// `count` units of `unit` nanoseconds each.
  static func product(_ count: Int, _ unit: Int) -> Int {
    let (result, overflow) = count.multipliedReportingOverflow(by: unit)
    guard overflow else { return result }
    return (count < 0) == (unit < 0) ? .max : .min
  }

  /// `lhs + rhs`.
  static func sum(_ lhs: Int, _ rhs: Int) -> Int {
    let (result, overflow) = lhs.addingReportingOverflow(rhs)
    guard overflow else { return result }
    return rhs > 0 ? .max : .min
  }

  /// `lhs - rhs`.
  static func difference(_ lhs: Int, _ rhs: Int) -> Int {
    let (result, overflow) = lhs.subtractingReportingOverflow(rhs)
    guard overflow else { return result }
    return rhs < 0 ? .max : .min
  }

  /// `seconds` in nanoseconds; not-a-number counts as the longest interval.
  static func fromSeconds(_ seconds: Double) -> Int {
    let nanoseconds = seconds * 1_000_000_000
    if nanoseconds.isNaN || nanoseconds >= 0x1p63 { return .max }
    if nanoseconds <= -0x1p63 { return .min }
    return Int(nanoseconds)
  }
}
