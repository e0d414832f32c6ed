/// A scheduler that runs every action at once, on the calling thread.
///
/// Scheduling for a later time runs the action immediately too: its clock never advances.
public struct ImmediateScheduler: Scheduler, Sendable {
  /// The immediate scheduler's time: a step counter that never moves.
  public struct SchedulerTimeType: Strideable, Sendable {
    /// An interval of immediate time: a count built from an integer or float literal, or zero when made
    /// from a unit of time.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The interval's length.
      public var magnitude: Int

      /// Creates an interval of `value`.
      public init(_ value: Int) { magnitude = value }
      /// Creates an interval from an integer literal.
      public init(integerLiteral value: Int) { magnitude = value }
      /// Creates an interval from a float literal, dropping the fraction, as Combine's does.
      public init(floatLiteral value: Double) {
        magnitude =
          value.isNaN ? 0 : value >= 0x1p63 ? .max : value <= -0x1p63 ? .min : Int(value)
      }
      /// Creates an interval when `source` converts exactly.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      /// Orders intervals.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum, saturating.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(SaturatingNanoseconds.sum(lhs.magnitude, rhs.magnitude))
      }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// The difference, saturating.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(SaturatingNanoseconds.difference(lhs.magnitude, rhs.magnitude))
      }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      /// The product, saturating.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(SaturatingNanoseconds.product(lhs.magnitude, rhs.magnitude))
      }
      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// Zero: immediate time does not pass, so a stride made from seconds is empty, as Combine's is
      /// (OpenCombine's `ImmediateSchedulerTests.testSchedulerTimeType`).
      public static func seconds(_ s: Int) -> Stride { 0 }
      /// Zero, as for whole seconds.
      public static func seconds(_ s: Double) -> Stride { 0 }
      /// Zero, as for seconds.
      public static func milliseconds(_ ms: Int) -> Stride { 0 }
      /// Zero, as for seconds.
      public static func microseconds(_ us: Int) -> Stride { 0 }
      /// Zero, as for seconds.
      public static func nanoseconds(_ ns: Int) -> Stride { 0 }
    }

    /// The distance to `other`: always zero.
    public func distance(to other: SchedulerTimeType) -> Stride { 0 }
    /// The same time: the immediate clock does not move.
    public func advanced(by n: Stride) -> SchedulerTimeType { self }
  }

  /// The immediate scheduler has no options.
  public typealias SchedulerOptions = Never

  /// The one immediate scheduler.
  public static let shared = ImmediateScheduler()

  /// The time, which never changes.
  public var now: SchedulerTimeType { SchedulerTimeType() }

  /// Zero.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` now.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Runs `action` now, whatever `date` says.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs `action` once, now; the returned cancellable has nothing left to cancel and, as Combine's,
  /// is the empty subscription (described "Empty").
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return Subscriptions.empty
  }
}
