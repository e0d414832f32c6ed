/// A type that can express an interval of time in seconds, milliseconds, microseconds or nanoseconds.
public protocol SchedulerTimeIntervalConvertible {
  /// An interval of whole seconds.
  static func seconds(_ s: Int) -> Self
  /// An interval of fractional seconds.
  static func seconds(_ s: Double) -> Self
  /// An interval of milliseconds.
  static func milliseconds(_ ms: Int) -> Self
  /// An interval of microseconds.
  static func microseconds(_ us: Int) -> Self
  /// An interval of nanoseconds.
  static func nanoseconds(_ ns: Int) -> Self
}

/// Something that runs actions now or at a time of its own clock: a queue, a run loop, or a virtual
/// clock in tests.
///
/// Every time-based operator takes a scheduler, so that tests can pass a ``TestScheduler`` and
/// advance time instead of sleeping.
public protocol Scheduler<SchedulerTimeType> {
  /// The scheduler's notion of a point in time.
  associatedtype SchedulerTimeType: Strideable
  where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
  /// Options that tune how an action runs.
  associatedtype SchedulerOptions

  /// The scheduler's current time.
  var now: SchedulerTimeType { get }

  /// The smallest tolerance the scheduler honours.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as possible.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` at `date` or up to `tolerance` later.
  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void)

  /// Runs `action` at `date`, then every `interval`, until the returned cancellable is cancelled.
  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` as soon as possible.
  @inlinable
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` at `date` or up to `tolerance` later.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, with the scheduler's minimum tolerance.
  @inlinable
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, action)
  }

  /// Runs `action` at `date`, then every `interval`.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval`, with the scheduler's minimum tolerance.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, action)
  }
}
