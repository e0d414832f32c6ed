import Dispatch
import Reactive

/// A call an operator made to its scheduler; times and intervals in milliseconds, times since the
/// start of `DispatchQueue.test`.
enum SchedulerCall: Equatable {
  case now
  case minimumTolerance
  case schedule
  case scheduleAfter(Int)
  case scheduleRepeating(after: Int, interval: Int)
}

/// A scheduler that records every call made to it and hands the work to a ``TestScheduler`` that the
/// test advances: for asserting what an operator asks of its scheduler, and when.
final class RecordingScheduler: Scheduler, @unchecked Sendable {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  /// The clock the work runs on.
  let test = DispatchQueue.test
  private let log = Locked<[SchedulerCall]>([])
  private let optionsLog = Locked<[Bool]>([])
  private let toleranceLog = Locked<[SchedulerTimeType.Stride]>([])

  /// Every call so far, in order.
  var calls: [SchedulerCall] { log.value }

  /// For each call that scheduled work so far, in order, whether it was given options.
  var optionsGiven: [Bool] { optionsLog.value }

  /// The tolerance of each call that scheduled work for later, in order.
  var tolerances: [SchedulerTimeType.Stride] { toleranceLog.value }

  /// Forgets the calls so far.
  func clearCalls() {
    log.withLock { $0.removeAll() }
    optionsLog.withLock { $0.removeAll() }
    toleranceLog.withLock { $0.removeAll() }
  }

  var now: SchedulerTimeType {
    log.append(.now)
    return test.now
  }

  var minimumTolerance: SchedulerTimeType.Stride {
    log.append(.minimumTolerance)
    return test.minimumTolerance
  }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    log.append(.schedule)
    optionsLog.append(options != nil)
    test.schedule(options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    log.append(.scheduleAfter(Self.milliseconds(date)))
    optionsLog.append(options != nil)
    toleranceLog.append(tolerance)
    test.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    log.append(.scheduleRepeating(after: Self.milliseconds(date), interval: interval.magnitude / 1_000_000))
    optionsLog.append(options != nil)
    toleranceLog.append(tolerance)
    return test.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }

  /// Moves the test clock forward by `stride`, running what is due.
  func advance(by stride: SchedulerTimeType.Stride) {
    test.advance(by: stride)
  }

  private static func milliseconds(_ time: SchedulerTimeType) -> Int {
    Int((time.dispatchTime.uptimeNanoseconds - 1) / 1_000_000)
  }
}
