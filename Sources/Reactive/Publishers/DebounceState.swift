/// The debounce's decisions as a pure state machine: each event changes the state and says what to
/// do, and the caller does it outside the lock.
///
/// There is at most one timer, identified by a number. A value only records itself and its deadline;
/// it asks for a timer only when none is running. When the timer fires before the deadline (a later
/// value moved it), the machine asks for a new timer for the deadline, so the value is delivered at
/// exactly one interval after the last one.
@usableFromInline
struct DebounceState<Value, Time: Comparable> {
  /// What to do when a timer fires.
  @usableFromInline
  enum TimerAction {
    /// Nothing: the timer is no longer the current one.
    case none
    /// Cancel the timer (it repeats until cancelled); nothing to deliver.
    case cancel(timer: (any Cancellable)?)
    /// Cancel the timer and start timer `next` for `deadline`: a later value moved the deadline.
    case restart(timer: (any Cancellable)?, next: Int, deadline: Time)
    /// Cancel the timer and deliver `value`.
    case deliver(Value, timer: (any Cancellable)?)
  }

  /// What to undo at the end of the stream: the timer to cancel and, on a cancel, the upstream.
  @usableFromInline
  struct End {
    @usableFromInline let timer: (any Cancellable)?
    @usableFromInline let upstream: (any Subscription)?

    @inlinable
    init(timer: (any Cancellable)?, upstream: (any Subscription)?) {
      self.timer = timer
      self.upstream = upstream
    }
  }

  @usableFromInline
  enum Phase {
    case awaitingSubscription
    case active(upstream: any Subscription)
    case finished
  }

  @usableFromInline
  enum Timer {
    case idle
    /// Started; its cancellable arrives once the scheduler has returned it.
    case running(id: Int, cancellable: (any Cancellable)?)
  }

  @usableFromInline var phase = Phase.awaitingSubscription
  @usableFromInline var timer = Timer.idle
  @usableFromInline var nextTimer = 0
  @usableFromInline var deadline: Time?
  /// The value waiting for its deadline.
  @usableFromInline private(set) var pending: Value?
  /// What the downstream has asked for and not yet received.
  @usableFromInline private(set) var demand = Subscribers.Demand.none

  @inlinable init() {}

  /// Accepts the upstream subscription; false if one was already accepted or the stream is over.
  @inlinable
  mutating func subscribe(_ upstream: any Subscription) -> Bool {
    guard case .awaitingSubscription = phase else { return false }
    phase = .active(upstream: upstream)
    return true
  }

  /// Holds `value` as the one to deliver at `deadline`; returns the timer to start for it, or `nil` when
  /// a timer is already running (it fires no later than `deadline`) or the stream is over.
  @inlinable
  mutating func receive(_ value: Value, dueAt deadline: Time) -> Int? {
    guard case .active = phase else { return nil }
    pending = value
    self.deadline = deadline
    guard case .idle = timer else { return nil }
    return startTimer()
  }

  /// Keeps the cancellable of timer `id`; hands it back to be cancelled when that timer is no longer
  /// the current one (it already fired, or the stream ended).
  @inlinable
  mutating func timerStarted(_ id: Int, _ cancellable: any Cancellable) -> (any Cancellable)? {
    guard case .running(id, nil) = timer else { return cancellable }
    timer = .running(id: id, cancellable: cancellable)
    return nil
  }

  /// What to do when timer `id` fires at `now`. Without downstream demand the value is dropped, as in
  /// Combine.
  @inlinable
  mutating func timerFired(_ id: Int, at now: Time) -> TimerAction {
    guard case .active = phase, case .running(id, let cancellable) = timer else { return .none }
    timer = .idle
    guard let value = pending, let deadline else { return .cancel(timer: cancellable) }
    if now < deadline {
      return .restart(timer: cancellable, next: startTimer(), deadline: deadline)
    }
    pending = nil
    self.deadline = nil
    guard demand > 0 else { return .cancel(timer: cancellable) }
    demand -= 1
    return .deliver(value, timer: cancellable)
  }

  /// Adds downstream demand.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) {
    demand += more
  }

  /// Ends the stream on an upstream completion, dropping any pending value; `nil` when it had already
  /// ended, and the completion is not to be forwarded.
  @inlinable
  mutating func complete() -> End? {
    guard case .active = phase else { return nil }
    return finish(upstream: nil)
  }

  /// Ends the stream on a downstream cancel; `nil` when it had already ended.
  @inlinable
  mutating func cancel() -> End? {
    switch phase {
    case .finished: return nil
    case .awaitingSubscription: return finish(upstream: nil)
    case .active(let upstream): return finish(upstream: upstream)
    }
  }

  @inlinable
  mutating func finish(upstream: (any Subscription)?) -> End {
    defer {
      phase = .finished
      timer = .idle
      pending = nil
      deadline = nil
    }
    if case .running(_, let cancellable) = timer { return End(timer: cancellable, upstream: upstream) }
    return End(timer: nil, upstream: upstream)
  }

  @inlinable
  mutating func startTimer() -> Int {
    nextTimer &+= 1
    timer = .running(id: nextTimer, cancellable: nil)
    return nextTimer
  }
}
