import Dispatch

/// A scheduler with a virtual clock that moves only when told to: tests advance it instead of sleeping,
/// and a headless run can play a timeline instantly and exactly.
///
/// Work runs in order of its date, and in order of scheduling among work due at the same date. Actions
/// run on the thread that advances the clock, outside the scheduler's lock, so an action may schedule
/// more work; work it schedules for a date already reached runs in the same advance.
///
/// Scheduling and taking the next action cost O(log n) in the number queued. The paths that queue and
/// run work are inlinable, so that they are specialised for the caller's time type: unspecialised, each
/// step looks up generic metadata, which costs more than the heap itself.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler,
  @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  @usableFromInline let lock = PlainLock.make()
  @usableFromInline var clock: SchedulerTimeType
  @usableFromInline var queue = ScheduledWorkQueue<SchedulerTimeType>()
  @usableFromInline var nextSequence = 0
  /// Repeating work cancelled whose next occurrence is still in the queue: it is dropped, not run,
  /// when it comes up. Each repetition has exactly one occurrence queued until it is dropped.
  @usableFromInline var cancelledRepetitions: Set<Int> = []

  /// Creates a scheduler whose clock starts at `now`.
  public init(now: SchedulerTimeType) {
    clock = now
  }

  /// The virtual time; it changes only through ``advance(by:)``, ``advance(to:)`` and ``run()``.
  @inlinable
  public var now: SchedulerTimeType { lock.withLock { clock } }

  /// Zero: virtual time is exact.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// How many actions are waiting, including repeating ones.
  public var scheduledCount: Int { lock.withLock { queue.count - cancelledRepetitions.count } }

  /// Queues `action` for the current virtual time; it runs on the next advance, even by zero.
  @inlinable
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    lock.withLock { enqueue(at: clock, action, repetition: nil) }
  }

  /// Queues `action` for `date`; the tolerance is ignored.
  @inlinable
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    lock.withLock { enqueue(at: date, action, repetition: nil) }
  }

  /// Queues `action` for `date` and then every `interval` after, until the cancellable is cancelled.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let id = lock.withLock { () -> Int in
      let id = nextSequence
      enqueue(at: date, action, repetition: Repetition(id: id, interval: interval))
      return id
    }
    return AnyCancellable { [weak self] in
      guard let self else { return }
      _ = lock.withLock { cancelledRepetitions.insert(id) }
    }
  }

  /// Moves the clock forward by `stride`, running every action due on the way, in order.
  @inlinable
  public func advance(by stride: SchedulerTimeType.Stride = .nanoseconds(0)) {
    advance(to: now.advanced(by: stride))
  }

  /// Moves the clock to `date`, running every action due on the way, in order. The clock never moves
  /// back: a date before ``now`` runs only work scheduled for that date or earlier, which is none
  /// unless it was scheduled in the past.
  @inlinable
  public func advance(to date: SchedulerTimeType) {
    while let action = takeNext(dueBy: date) {
      action()
    }
    lock.withLock {
      if clock < date { clock = date }
    }
  }

  /// Runs every scheduled action, moving the clock to each one's date, until none is left. Repeating
  /// work never leaves the queue, so cancel it first or use ``advance(to:)``.
  @inlinable
  public func run() {
    while let next = lock.withLock({ nextDate() }) {
      advance(to: next)
    }
  }

  /// When the next action is due, or `nil` when none is waiting: what a driver that advances this
  /// scheduler from a real clock needs to know to sleep until then. (Not in combine-schedulers.)
  public var nextScheduledDate: SchedulerTimeType? {
    lock.withLock { nextDate() }
  }

  /// The date of the next action to run, dropping cancelled repetitions first. Called with the lock
  /// held.
  @inlinable
  func nextDate() -> SchedulerTimeType? {
    while let date = queue.firstDate {
      guard let repetition = queue.firstRepetition, cancelledRepetitions.contains(repetition.id) else {
        return date
      }
      _ = queue.removeFirst()
      cancelledRepetitions.remove(repetition.id)
    }
    return nil
  }

  /// Takes the next action due by `date`, moving the clock to its date and queuing the next occurrence
  /// of repeating work.
  @inlinable
  func takeNext(dueBy date: SchedulerTimeType) -> (() -> Void)? {
    lock.withLock {
      while let first = queue.firstDate, first <= date {
        let work = queue.removeFirst()
        if let repetition = work.repetition {
          if cancelledRepetitions.remove(repetition.id) != nil { continue }
          enqueue(at: work.date.advanced(by: repetition.interval), work.action, repetition: repetition)
        }
        if work.date > clock { clock = work.date }
        return work.action
      }
      return nil
    }
  }

  /// Queues work after everything already queued for its date. Called with the lock held.
  @inlinable
  func enqueue(at date: SchedulerTimeType, _ action: @escaping () -> Void, repetition: Repetition?) {
    queue.insert(ScheduledWork(date: date, action: action, repetition: repetition), sequence: nextSequence)
    nextSequence += 1
  }

  @usableFromInline typealias Repetition = Reactive.Repetition<SchedulerTimeType.Stride>
}

/// A test scheduler with the time and options of scheduler `S`.
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension DispatchQueue {
  /// A test scheduler with dispatch time, starting at an uptime of one nanosecond, for code that runs
  /// on a queue in production.
  public static var test: TestSchedulerOf<DispatchQueue> {
    TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}
