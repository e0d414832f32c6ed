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

  /// Where the stream is. Kept apart from the upstream and the timer's cancellable, which are
  /// references: a value's path reads only plain fields, and copies no reference.
  @usableFromInline
  enum Phase {
    case awaitingSubscription
    case active
    case finished
  }

  @usableFromInline var phase = Phase.awaitingSubscription
  @usableFromInline var upstream: (any Subscription)?
  /// The timer started and not yet fired, if any.
  @usableFromInline var runningTimer: Int?
  /// The running timer's cancellable, once the scheduler has returned it.
  @usableFromInline var timerCancellable: (any Cancellable)?
  @usableFromInline var lastTimer = 0
  @usableFromInline var deadline: Time?
  /// The value waiting for its deadline.
  @usableFromInline private(set) var pending: Value?
  /// What the downstream has asked for and not yet received.
  @usableFromInline private(set) var demand = Subscribers.Demand.none

  @inlinable init() {}

  /// Accepts the upstream subscription; false if one was already accepted or the stream is over.
  @inlinable
  mutating func subscribe(_ upstream: any Subscription) -> Bool {
    guard phase == .awaitingSubscription else { return false }
    phase = .active
    self.upstream = upstream
    return true
  }

  /// Holds `value` as the one to deliver at `deadline`; returns the timer to start for it, or `nil` when
  /// a timer is already running (it fires no later than `deadline`) or the stream is over.
  @inlinable
  mutating func receive(_ value: Value, dueAt deadline: Time) -> Int? {
    guard phase == .active else { return nil }
    pending = value
    self.deadline = deadline
    guard runningTimer == nil else { return nil }
    return startTimer()
  }

  /// Keeps the cancellable of timer `id`; hands it back to be cancelled when that timer is no longer
  /// the current one (it already fired, or the stream ended).
  @inlinable
  mutating func timerStarted(_ id: Int, _ cancellable: any Cancellable) -> (any Cancellable)? {
    guard runningTimer == id else { return cancellable }
    timerCancellable = cancellable
    return nil
  }

  /// What to do when timer `id` fires at `now`. Without downstream demand the value is dropped, as in
  /// Combine.
  @inlinable
  mutating func timerFired(_ id: Int, at now: Time) -> TimerAction {
    guard phase == .active, runningTimer == id else { return .none }
    let cancellable = stopTimer()
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
    guard phase == .active else { return nil }
    return finish()
  }

  /// Ends the stream on a downstream cancel; `nil` when it had already ended.
  @inlinable
  mutating func cancel() -> End? {
    guard phase != .finished else { return nil }
    return finish()
  }

  @inlinable
  mutating func finish() -> End {
    defer {
      phase = .finished
      upstream = nil
      pending = nil
      deadline = nil
    }
    return End(timer: stopTimer(), upstream: upstream)
  }

  @inlinable
  mutating func startTimer() -> Int {
    lastTimer &+= 1
    runningTimer = lastTimer
    return lastTimer
  }

  /// Forgets the running timer; returns its cancellable, to cancel.
  @inlinable
  mutating func stopTimer() -> (any Cancellable)? {
    defer {
      runningTimer = nil
      timerCancellable = nil
    }
    return timerCancellable
  }
}
