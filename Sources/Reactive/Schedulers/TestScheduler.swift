import Dispatch

/// A scheduler with a virtual clock that moves only when told to: tests advance it instead of sleeping,
/// and a headless run can play a timeline instantly and exactly.
///
/// Work runs in order of its date, and in order of scheduling among work due at the same date. Actions
/// run on the thread that advances the clock, outside the scheduler's lock, so an action may schedule
/// more work; work it schedules for a date already reached runs in the same advance.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler,
  @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private struct Work {
    let sequence: Int
    let date: SchedulerTimeType
    let action: () -> Void
    /// For repeating work: the identity shared by every occurrence, and the interval.
    let repetition: (id: Int, interval: SchedulerTimeType.Stride)?
  }

  private let lock = PlainLock.make()
  private var clock: SchedulerTimeType
  private var queue: [Work] = []
  private var nextSequence = 0
  private var cancelledRepetitions: Set<Int> = []

  /// Creates a scheduler whose clock starts at `now`.
  public init(now: SchedulerTimeType) {
    clock = now
  }

  /// The virtual time; it changes only through ``advance(by:)``, ``advance(to:)`` and ``run()``.
  public var now: SchedulerTimeType { lock.withLock { clock } }

  /// Zero: virtual time is exact.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// How many actions are waiting, including repeating ones.
  public var scheduledCount: Int { lock.withLock { queue.count } }

  /// Queues `action` for the current virtual time; it runs on the next advance, even by zero.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    lock.withLock { enqueue(at: clock, action, repetition: nil) }
  }

  /// Queues `action` for `date`; the tolerance is ignored.
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
      enqueue(at: date, action, repetition: (id, interval))
      return id
    }
    return AnyCancellable { [weak self] in
      guard let self else { return }
      lock.withLock {
        cancelledRepetitions.insert(id)
        queue.removeAll { $0.repetition?.id == id }
      }
    }
  }

  /// Moves the clock forward by `stride`, running every action due on the way, in order.
  public func advance(by stride: SchedulerTimeType.Stride = .nanoseconds(0)) {
    advance(to: now.advanced(by: stride))
  }

  /// Moves the clock to `date`, running every action due on the way, in order. The clock never moves
  /// back: a date before ``now`` runs only work scheduled for that date or earlier, which is none
  /// unless it was scheduled in the past.
  public func advance(to date: SchedulerTimeType) {
    while let work = takeNext(dueBy: date) {
      work.action()
    }
    lock.withLock {
      if clock < date { clock = date }
    }
  }

  /// Runs every scheduled action, moving the clock to each one's date, until none is left. Repeating
  /// work never leaves the queue, so cancel it first or use ``advance(to:)``.
  public func run() {
    while let last = lock.withLock({ queue.last?.date }) {
      advance(to: last)
    }
  }

  private func takeNext(dueBy date: SchedulerTimeType) -> Work? {
    lock.withLock {
      guard let first = queue.first, first.date <= date else { return nil }
      queue.removeFirst()
      if first.date > clock { clock = first.date }
      if let repetition = first.repetition, !cancelledRepetitions.contains(repetition.id) {
        enqueue(at: first.date.advanced(by: repetition.interval), first.action, repetition: repetition)
      }
      return first
    }
  }

  /// Inserts work after everything due at or before its date. Called with the lock held.
  private func enqueue(
    at date: SchedulerTimeType, _ action: @escaping () -> Void,
    repetition: (id: Int, interval: SchedulerTimeType.Stride)?
  ) {
    let work = Work(sequence: nextSequence, date: date, action: action, repetition: repetition)
    nextSequence += 1
    var low = 0
    var high = queue.count
    while low < high {
      let middle = (low + high) / 2
      if queue[middle].date <= date {
        low = middle + 1
      } else {
        high = middle
      }
    }
    queue.insert(work, at: low)
  }
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
