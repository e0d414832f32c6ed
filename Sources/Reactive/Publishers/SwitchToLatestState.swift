/// The decisions of ``Publishers/SwitchToLatest``, as a pure state machine: the sources are the
/// publishers upstream delivers, of which only the latest is subscribed.
///
/// A new publisher cancels the one before it; its subscription is asked for the demand the downstream
/// has left. Values of a replaced publisher are ignored. The latest publisher stays the latest after it
/// finishes, until the next one comes, as in Combine: its subscription is let go, and one it hands over
/// after that is taken as its subscription. The stream finishes once upstream and the latest publisher
/// have finished, and fails as soon as either fails.
@usableFromInline
struct SwitchToLatestState<Value, Failure: Error>: FanInState {
  @usableFromInline var queue = DeliveryQueue<Value, Failure>()
  /// The latest publisher's number and, while it has one, its subscription.
  @usableFromInline var current: (source: Int, subscription: (any Subscription)?)?
  /// Whether the latest publisher has yet to hand over its first subscription.
  @usableFromInline var awaitingSubscription = false
  @usableFromInline var nextSource = 0
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var upstreamFinished = false
  @usableFromInline var isOver = false

  /// A machine with no sources yet.
  @inlinable
  init() {}

  /// Whether the stream has ended, by completion or cancel.
  @inlinable
  var hasEnded: Bool { isOver }

  /// Switches to a new publisher from upstream: returns its number (`nil` when the stream is over) and
  /// the cancel of the one it replaces.
  @inlinable
  mutating func switchToNext() -> (Int?, FanInEffects) {
    guard !isOver else { return (nil, .none) }
    var effects = FanInEffects()
    if let subscription = current?.subscription { effects.cancels = [subscription] }
    defer { nextSource += 1 }
    current = (nextSource, nil)
    awaitingSubscription = true
    return (nextSource, effects)
  }

  /// Notes that upstream finished: the stream finishes once the latest publisher has.
  @inlinable
  mutating func finishUpstream() {
    guard !isOver else { return }
    upstreamFinished = true
    if !awaitingSubscription, current?.subscription == nil { finish() }
  }

  /// Ends the stream with upstream's failure, cancelling the latest publisher.
  @inlinable
  mutating func failUpstream(_ failure: Failure) -> FanInEffects {
    guard !isOver else { return .none }
    let effects = cancel()
    queue.append(completion: .failure(failure))
    return effects
  }

  @inlinable
  mutating func subscribe(_ subscription: any Subscription, source: Int) -> Subscribers.Demand? {
    guard !isOver, let current, current.source == source, current.subscription == nil else { return nil }
    self.current = (source, subscription)
    awaitingSubscription = false
    return demand
  }

  @inlinable
  mutating func receive(_ value: Value, source: Int) -> (Subscribers.Demand, FanInEffects) {
    guard !isOver, current?.source == source else { return (.none, .none) }
    precondition(demand > 0, "switchToLatest received a value its subscriber did not request")
    demand -= 1
    queue.append(value)
    return (.none, .none)
  }

  /// A completion of the latest publisher before its subscription is a broken contract that Combine's
  /// switchToLatest traps on.
  @inlinable
  func expectSubscribed() {
    precondition(
      !awaitingSubscription,
      "switchToLatest received a completion from a publisher before its subscription")
  }

  @inlinable
  mutating func finish(source: Int) -> FanInEffects {
    guard !isOver, current?.source == source else { return .none }
    expectSubscribed()
    current = (source, nil)
    if upstreamFinished { finish() }
    return .none
  }

  @inlinable
  mutating func fail(_ failure: Failure, source: Int) -> FanInEffects {
    guard !isOver, current?.source == source else { return .none }
    expectSubscribed()
    current = nil
    isOver = true
    queue.append(completion: .failure(failure))
    return .none
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> FanInEffects {
    guard !isOver, more != .none else { return .none }
    demand += more
    var effects = FanInEffects()
    if let subscription = current?.subscription { effects.requests = [(subscription, more)] }
    return effects
  }

  /// Demand answered to a value of the latest publisher, delivered during that publisher's own call, is
  /// handed back to it as the value's demand, as Combine does; otherwise it is requested.
  @inlinable
  mutating func returned(_ more: Subscribers.Demand, during source: Int?) -> (
    Subscribers.Demand, FanInEffects
  ) {
    guard !isOver, let source, current?.source == source else { return (.none, request(more)) }
    demand += more
    return (more, .none)
  }

  @inlinable
  mutating func cancel() -> FanInEffects {
    guard !isOver else { return .none }
    isOver = true
    var effects = FanInEffects()
    if let subscription = current?.subscription { effects.cancels = [subscription] }
    current = nil
    return effects
  }

  @inlinable
  mutating func finish() {
    isOver = true
    queue.append(completion: .finished)
  }
}
