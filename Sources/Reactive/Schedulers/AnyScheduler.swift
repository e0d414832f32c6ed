/// A type-erased scheduler, so that a type can take "a scheduler with dispatch time" without being
/// generic: production passes `DispatchQueue.main`, tests pass `DispatchQueue.test`.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let nowBody: () -> SchedulerTimeType
  private let minimumToleranceBody: () -> SchedulerTimeType.Stride
  private let scheduleBody: (SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleAfterBody:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleIntervalBody:
    (
      SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
      @escaping () -> Void
    ) -> any Cancellable

  /// Wraps `scheduler`.
  public init<S: Scheduler>(_ scheduler: S)
  where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
    nowBody = { scheduler.now }
    minimumToleranceBody = { scheduler.minimumTolerance }
    scheduleBody = { scheduler.schedule(options: $0, $1) }
    scheduleAfterBody = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    scheduleIntervalBody = {
      scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4)
    }
  }

  /// The wrapped scheduler's time.
  public var now: SchedulerTimeType { nowBody() }

  /// The wrapped scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { minimumToleranceBody() }

  /// Runs `action` as soon as possible on the wrapped scheduler.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    scheduleBody(options, action)
  }

  /// Runs `action` at `date` on the wrapped scheduler.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    scheduleAfterBody(date, tolerance, options, action)
  }

  /// Runs `action` at `date` and then every `interval` on the wrapped scheduler.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    scheduleIntervalBody(date, interval, tolerance, options, action)
  }
}

/// A type-erased scheduler with the time and options of scheduler `S`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension Scheduler {
  /// Wraps this scheduler in an ``AnyScheduler``.
  public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
    AnyScheduler(self)
  }
}
