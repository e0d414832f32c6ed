/// The throttle's decisions as a pure state machine: each event changes the state and says what to do,
/// and ``Publishers/Throttle`` does it outside its lock.
///
/// At most one emission is scheduled at a time. A value that finds none scheduled is emitted at once
/// (through the scheduler) when the last emission is at least one interval ago, or when there has been
/// none; otherwise at the end of that interval. Values that arrive while an emission is scheduled
/// replace the value it will emit (`latest`) or are dropped (not `latest`). A completion waits for a
/// scheduled emission and goes out right after its value; with none scheduled it goes out at once,
/// through the scheduler. A value that finds no downstream demand is dropped.
@usableFromInline
struct ThrottleState<Value, Failure: Error, Time: Strideable> {
  /// When to run the emission.
  @usableFromInline
  enum Emission: Equatable {
    /// As soon as possible, through the scheduler.
    case now
    /// At this time.
    case at(Time)
  }

  @usableFromInline
  enum Phase {
    case awaitingSubscription
    case active(upstream: any Subscription)
    /// Upstream completed; the completion waits for the scheduled emission.
    case completing(upstream: any Subscription)
    case finished
  }

  @usableFromInline let interval: Time.Stride
  @usableFromInline let latest: Bool
  @usableFromInline var phase = Phase.awaitingSubscription
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var pendingValue: Value?
  @usableFromInline var pendingCompletion: Subscribers.Completion<Failure>?
  @usableFromInline var emissionScheduled = false
  @usableFromInline var lastEmission: Time?

  @inlinable
  init(interval: Time.Stride, latest: Bool) {
    self.interval = interval
    self.latest = latest
  }

  /// Whether the upstream completed or the downstream cancelled.
  @inlinable
  var hasEnded: Bool {
    switch phase {
    case .completing, .finished: true
    case .awaitingSubscription, .active: false
    }
  }

  /// Accepts the upstream subscription; false if one was already accepted or the stream is over.
  @inlinable
  mutating func subscribe(_ upstream: any Subscription) -> Bool {
    guard case .awaitingSubscription = phase else { return false }
    phase = .active(upstream: upstream)
    return true
  }

  /// Takes a value received at `now`; returns when to schedule an emission, if one is to be scheduled.
  @inlinable
  mutating func receive(_ value: Value, now: Time) -> Emission? {
    guard case .active = phase, demand > 0 else { return nil }
    if emissionScheduled {
      if latest { pendingValue = value }
      return nil
    }
    demand -= 1
    pendingValue = value
    emissionScheduled = true
    guard let earliest = lastEmission?.advanced(by: interval), earliest > now else { return .now }
    return .at(earliest)
  }

  /// Takes upstream's completion; returns when to schedule an emission, if one is to be scheduled.
  @inlinable
  mutating func complete(_ completion: Subscribers.Completion<Failure>) -> Emission? {
    guard case .active(let upstream) = phase else { return nil }
    phase = .completing(upstream: upstream)
    pendingCompletion = completion
    guard !emissionScheduled else { return nil }
    emissionScheduled = true
    return .now
  }

  /// Whether the scheduled emission needs the time: `nil` when the stream is over (it emits nothing),
  /// `false` when it carries the completion (no interval follows it), as Combine's reads no clock then.
  @inlinable
  var emissionNeedsTime: Bool? {
    switch phase {
    case .active: pendingCompletion == nil
    case .completing: false
    case .awaitingSubscription, .finished: nil
    }
  }

  /// What the scheduled emission at `now` delivers: the pending value and, after it, the completion.
  /// `nil` when the stream is over. Without a time (see ``emissionNeedsTime``) the value starts no
  /// interval.
  @inlinable
  mutating func emit(now: Time?) -> (value: Value?, completion: Subscribers.Completion<Failure>?)? {
    switch phase {
    case .active, .completing: break
    case .awaitingSubscription, .finished: return nil
    }
    emissionScheduled = false
    let value = pendingValue.take()
    let completion = pendingCompletion.take()
    if value != nil, let now { lastEmission = now }
    if completion != nil { phase = .finished }
    return (value, completion)
  }

  /// Adds downstream demand.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) {
    guard case .active = phase else { return }
    demand += more
  }

  /// Ends the stream on a downstream cancel; returns the upstream subscription to cancel.
  @inlinable
  mutating func cancel() -> (any Subscription)? {
    defer {
      phase = .finished
      pendingValue = nil
      pendingCompletion = nil
    }
    switch phase {
    case .active(let upstream), .completing(let upstream): return upstream
    case .awaitingSubscription, .finished: return nil
    }
  }
}
