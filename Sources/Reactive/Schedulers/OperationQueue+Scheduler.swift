import Dispatch
import Foundation

extension OperationQueue: Scheduler {
  /// Options for actions scheduled on an operation queue: none, as in Combine.
  public struct SchedulerOptions: Sendable {}

  /// The queue's clock: the current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// Zero: an action runs at its date unless a tolerance is given.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Adds a `BlockOperation` running `action` to the queue.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = UncheckedSendable(action)
    addOperation(BlockOperation { work.value() })
  }

  /// Adds a `BlockOperation` running `action` to the queue at `date`, at most `tolerance` late.
  ///
  /// Until `date` the action waits on a dispatch timer, not in the queue: the queue's
  /// `operationCount` and `waitUntilAllOperationsAreFinished()` see it only once it is due, where
  /// Combine's adds an operation at once that becomes ready at its date.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let work = UncheckedSendable(action)
    let queue = UncheckedSendable(self)
    OperationQueue.whenDue(date.date, tolerance: tolerance.timeInterval) {
      queue.value.addOperation(BlockOperation { work.value() })
    }
  }

  /// Runs `action` on the queue at `date` and then every `interval`, until the returned cancellable
  /// is cancelled.
  ///
  /// Each run adds the next one when it ends, so on a concurrent queue too the runs never overlap; a
  /// run that ends after the next date starts the next at once, and the ones after keep their
  /// cadence from there.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repetition = OperationQueueRepetition(
      queue: self, interval: interval.timeInterval, tolerance: tolerance.timeInterval, action: action)
    repetition.run(at: date.date)
    return AnyCancellable { repetition.cancel() }
  }

  /// Runs `body` on a global queue at `date`, at most `tolerance` seconds late.
  fileprivate static func whenDue(
    _ date: Date, tolerance: TimeInterval, _ body: @escaping @Sendable () -> Void
  ) {
    let global = DispatchQueue.global()
    let deadline = global.now.advanced(by: .seconds(max(0, date.timeIntervalSinceNow)))
    global.schedule(after: deadline, tolerance: .seconds(max(0, tolerance)), body)
  }
}

/// One repeating action on an operation queue: each run, unless cancelled, runs the action and then
/// sets up the next.
private final class OperationQueueRepetition: @unchecked Sendable {
  private let queue: OperationQueue
  private let interval: TimeInterval
  private let tolerance: TimeInterval
  private let action: () -> Void
  private let cancelled = LockedState.make(false)

  init(queue: OperationQueue, interval: TimeInterval, tolerance: TimeInterval, action: @escaping () -> Void) {
    self.queue = queue
    self.interval = interval
    self.tolerance = tolerance
    self.action = action
  }

  /// Adds the run due at `date` to the queue when it is due.
  func run(at date: Date) {
    OperationQueue.whenDue(date, tolerance: tolerance) {
      guard !self.isCancelled else { return }
      self.queue.addOperation(BlockOperation { self.runNow(due: date) })
    }
  }

  func cancel() {
    cancelled.withLock { $0 = true }
  }

  private var isCancelled: Bool { cancelled.withLock { $0 } }

  private func runNow(due: Date) {
    guard !isCancelled else { return }
    action()
    run(at: max(due.addingTimeInterval(interval), Date()))
  }
}
