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

  /// Adds to the queue, at once, an operation that runs `action` at `date`, at most `tolerance` late.
  ///
  /// As in Combine, the operation is not ready until its date, so the queue's `operationCount` and
  /// `waitUntilAllOperationsAreFinished()` count it from now; it is cancellable, and runs the action
  /// once however often its `main()` is called.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    addOperation(DelayedOperation(due: date.date, tolerance: tolerance.timeInterval, action: action))
  }

  /// Runs `action` on the queue at `date` and then every `interval`, until the returned cancellable
  /// is cancelled.
  ///
  /// As in Combine, the first run is added to the queue at once, as an operation that is not ready
  /// until `date`; each run adds the next when it ends, so on a concurrent queue too the runs never
  /// overlap; a run that ends after the next date starts the next at once, and the ones after keep
  /// their cadence from there.
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

/// One action an operation queue runs at a date: an operation added to the queue at once, which
/// depends on a gate that opens at the date, so that it is not ready until then.
private final class DelayedOperation: Operation, Cancellable, @unchecked Sendable {
  private let action: () -> Void
  private let gate = BlockOperation {}
  /// Whether the gate has opened, and whether the action has run.
  private let state = LockedState.make((opened: false, ran: false))

  init(due: Date, tolerance: TimeInterval, action: @escaping () -> Void) {
    self.action = action
    super.init()
    addDependency(gate)
    let operation = UncheckedSendable(self)
    OperationQueue.whenDue(due, tolerance: tolerance) { operation.value.open() }
  }

  override func main() {
    let runs = state.withLock { state in
      guard !state.ran else { return false }
      state.ran = true
      return true
    }
    guard runs, !isCancelled else { return }
    action()
  }

  /// Cancels the action; the operation is ready at once, and finishes without running it.
  override func cancel() {
    super.cancel()
    open()
  }

  /// Makes the operation ready, once.
  private func open() {
    let opens = state.withLock { state in
      guard !state.opened else { return false }
      state.opened = true
      return true
    }
    if opens { gate.start() }
  }
}

/// One repeating action on an operation queue: each run, unless cancelled, runs the action and then
/// sets up the next.
private final class OperationQueueRepetition: @unchecked Sendable {
  private let queue: OperationQueue
  private let interval: TimeInterval
  private let tolerance: TimeInterval
  private let action: () -> Void
  /// Whether the repetition is cancelled, and the operation of the run it waits for.
  private let state = LockedState.make((cancelled: false, next: DelayedOperation?.none))

  init(queue: OperationQueue, interval: TimeInterval, tolerance: TimeInterval, action: @escaping () -> Void) {
    self.queue = queue
    self.interval = interval
    self.tolerance = tolerance
    self.action = action
  }

  /// Adds the run due at `date` to the queue, unless the repetition is cancelled.
  func run(at date: Date) {
    let operation = DelayedOperation(due: date, tolerance: tolerance) { self.runNow(due: date) }
    let adds = state.withLock { state in
      guard !state.cancelled else { return false }
      state.next = operation
      return true
    }
    if adds {
      queue.addOperation(operation)
    } else {
      operation.cancel()
    }
  }

  func cancel() {
    let next = state.withLock { state in
      state.cancelled = true
      defer { state.next = nil }
      return state.next
    }
    next?.cancel()
  }

  private var isCancelled: Bool { state.withLock { $0.cancelled } }

  private func runNow(due: Date) {
    guard !isCancelled else { return }
    action()
    run(at: max(due.addingTimeInterval(interval), Date()))
  }
}
