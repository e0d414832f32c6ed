import AppCore
import Dispatch
import Foundation
import Reactive

/// The app's clock in the terminal: virtual time that follows the real clock at a pace the user
/// chooses (one of ``AppState/paces``, the `<` and `>` keys) or stands still (Space), so that a 1 s debounce can be
/// watched over 8 s, or stopped halfway.
///
/// Dated work (the debounce's timers, the timeline's ticks, a played script's lines) waits on a virtual
/// `TestScheduler`; one real timer on `queue`, re-armed for the next date, advances it, and nothing
/// runs in between: an idle app has no timer armed. Work for "now" (a hand-over of events, a redraw)
/// runs on `queue` at once even while paused, so keys still act and the screen follows them. At 1x it
/// keeps real time, so the app behaves as on `DispatchQueue.main` itself.
final class PacedScheduler: Scheduler, @unchecked Sendable {
  // @unchecked: the pace and anchors are guarded by `lock`; the timer is touched only on `queue`.
  /// Dispatch time, so that the app's code takes it where it takes `DispatchQueue.main`.
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  /// Dispatch options; the quality of service of work for now, ignored for dated work.
  public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  private struct Pace {
    /// 0 while paused.
    var rate: Double = 1
    /// When the pace last changed, on the real clock and on the virtual one.
    var realAnchor: DispatchTime
    var virtualAnchor: SchedulerTimeType
  }

  private let queue: DispatchQueue
  private let virtual: TestSchedulerOf<DispatchQueue>
  private let pace: Locked<Pace>
  private var timer: (any DispatchSourceTimer)?
  private let queueKey = DispatchSpecificKey<Void>()
  private let realNow: @Sendable () -> DispatchTime

  /// A clock at 1x whose virtual time starts at the real time now, running its work on `queue`;
  /// `realNow` reads the real clock (the system's in the app, tests pass their own).
  init(queue: DispatchQueue, realNow: @escaping @Sendable () -> DispatchTime) {
    self.queue = queue
    self.realNow = realNow
    let now = realNow()
    virtual = TestScheduler(now: SchedulerTimeType(now))
    pace = Locked(Pace(realAnchor: now, virtualAnchor: SchedulerTimeType(now)))
    queue.setSpecific(key: queueKey, value: ())
  }

  deinit {
    timer?.cancel()
  }

  /// The virtual time: the real time since the last change of pace, scaled, after the virtual time
  /// then.
  public var now: SchedulerTimeType {
    let real = realNow()
    return pace.withLock { Self.virtualNow($0, real: real) }
  }

  /// Exact: the virtual clock has no tolerance of its own.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// The pace, 0 while paused.
  public var rate: Double { pace.withLock { $0.rate } }

  /// Sets the pace (0 pauses), from the virtual time reached so far.
  public func setRate(_ rate: Double) {
    let real = realNow()
    pace.withLock { pace in
      pace.virtualAnchor = Self.virtualNow(pace, real: real)
      pace.realAnchor = real
      pace.rate = max(0, rate)
    }
    rearm()
  }

  /// Runs `action` on the queue at once, paused or not.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    queue.schedule(options: options, action)
  }

  /// Runs `action` on the queue when the virtual clock reaches `date`.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    virtual.schedule(after: date, tolerance: tolerance, options: options, action)
    rearm()
  }

  /// Runs `action` on the queue at `date` and every `interval` of virtual time after.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let cancellable = virtual.schedule(
      after: date, interval: interval, tolerance: tolerance, options: options, action)
    rearm()
    return AnyCancellable { [weak self] in
      cancellable.cancel()
      self?.rearm()
    }
  }

  private static func virtualNow(_ pace: Pace, real: DispatchTime) -> SchedulerTimeType {
    let elapsed = Double(real.uptimeNanoseconds &- pace.realAnchor.uptimeNanoseconds) * pace.rate
    return pace.virtualAnchor.advanced(by: .nanoseconds(Int(elapsed)))
  }

  /// Arms the real timer for the next virtual date, or disarms it when nothing waits or time stands
  /// still. Runs on the queue.
  private func rearm() {
    guard DispatchQueue.getSpecific(key: queueKey) != nil else {
      queue.async { self.rearm() }
      return
    }
    let (rate, realAnchor, virtualAnchor) = pace.withLock { ($0.rate, $0.realAnchor, $0.virtualAnchor) }
    guard rate > 0, let next = virtual.nextScheduledDate else {
      timer?.schedule(deadline: .distantFuture)
      return
    }
    let wait = Double(max(0, virtualAnchor.distance(to: next).magnitude)) / rate
    let deadline = realAnchor + .nanoseconds(Int(min(wait, 1e15)))
    let timer = self.timer ?? makeTimer()
    timer.schedule(deadline: max(deadline, realNow()), leeway: .nanoseconds(0))
  }

  private func makeTimer() -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.setEventHandler { [weak self] in self?.fire() }
    timer.resume()
    self.timer = timer
    return timer
  }

  /// The timer fired: everything due by the virtual time now runs, then the timer waits for the next.
  private func fire() {
    virtual.advance(to: now)
    rearm()
  }
}
