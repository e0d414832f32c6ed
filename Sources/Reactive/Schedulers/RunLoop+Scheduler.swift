import Foundation

extension RunLoop: Scheduler {
  /// Options for actions scheduled on a run loop: none, as in Combine.
  public struct SchedulerOptions: Sendable {}

  /// The run loop's clock: the current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Zero: a timer fires at its date unless a tolerance is given.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` on the run loop's thread, in its default mode, the next time the loop turns.
  ///
  /// As Combine's, the action is queued with `perform(_:)`, which does not wake a loop asleep on
  /// another thread: it runs when the loop next wakes (for a timer, a port or a source of its own).
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = UncheckedSendable(action)
    perform { work.value() }
  }

  /// Runs `action` on the run loop's thread at `date`, at most `tolerance` late, with a one-shot
  /// `Timer` in the default mode.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let work = UncheckedSendable(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.value() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
  }

  /// Runs `action` on the run loop's thread at `date` and then every `interval`, with a repeating
  /// `Timer` in the default mode, until the returned cancellable invalidates it.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = UncheckedSendable(action)
    let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in work.value() }
    timer.tolerance = tolerance.timeInterval
    add(timer, forMode: .default)
    let invalidate = UncheckedSendable(timer)
    return AnyCancellable { invalidate.value.invalidate() }
  }
}
