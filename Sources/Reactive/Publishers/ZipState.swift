/// The decisions of ``Publishers/Zip`` and ``Publishers/Zip3``, as a pure state machine. Values are
/// boxed (`Any`) so that one machine serves every arity; the publisher unboxes the tuple it built.
///
/// Each upstream's values wait in arrival order; whenever every upstream has one waiting, the oldest of
/// each go out together, whatever the downstream's demand, as Combine's do (OpenCombine's
/// `ZipTests.testUpstreamExceedsDemand`). Every downstream request is passed on to every upstream; the
/// demand a tuple is answered with is handed back to the upstream whose value made it and requested
/// from the others (`testChildDemand`), and so is a request made during that delivery
/// (`testDownstreamDemandRequestedWhileSendingValue`). The stream finishes, cancelling the others, as soon as an upstream has finished and
/// none of its values wait (no more tuples can be made), and fails as soon as one fails, cancelling
/// every upstream, the failed one too, as Combine does.
@usableFromInline
struct ZipState<Failure: Error>: FanInState {
  @usableFromInline var queue = DeliveryQueue<[Any], Failure>()
  @usableFromInline var waiting: [[Any]]
  @usableFromInline var subscriptions: [(any Subscription)?]
  @usableFromInline var finished: [Bool]
  /// Everything the downstream has requested, which each upstream is asked for when it subscribes.
  @usableFromInline var requested = Subscribers.Demand.none
  @usableFromInline var isOver = false

  /// A machine for `count` upstreams.
  @inlinable
  init(count: Int) {
    waiting = Array(repeating: [], count: count)
    subscriptions = Array(repeating: nil, count: count)
    finished = Array(repeating: false, count: count)
  }

  @inlinable
  mutating func subscribe(_ subscription: any Subscription, source: Int) -> Subscribers.Demand? {
    guard !isOver, subscriptions[source] == nil, !finished[source] else { return nil }
    subscriptions[source] = subscription
    return requested
  }

  @inlinable
  mutating func receive(_ value: Any, source: Int) -> (Subscribers.Demand, FanInEffects) {
    guard !isOver, subscriptions[source] != nil else { return (.none, .none) }
    waiting[source].append(value)
    return (.none, sendReady())
  }

  @inlinable
  mutating func finish(source: Int) -> FanInEffects {
    guard !isOver, !finished[source] else { return .none }
    finished[source] = true
    subscriptions[source] = nil
    return sendReady()
  }

  @inlinable
  mutating func fail(_ failure: Failure, source: Int) -> FanInEffects {
    guard !isOver, !finished[source] else { return .none }
    // Combine cancels every upstream, the one that failed too.
    let effects = cancelAll()
    queue.append(completion: .failure(failure))
    return effects
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> FanInEffects {
    guard !isOver, more != .none else { return .none }
    requested += more
    var effects = FanInEffects()
    effects.requests = subscriptions.compactMap { $0.map { ($0, more) } }
    return effects
  }

  /// Demand answered to a tuple delivered during an upstream's own call is that call's demand, and
  /// a request to the other upstreams; otherwise a request to all of them.
  @inlinable
  mutating func returned(_ more: Subscribers.Demand, during source: Int?) -> (
    Subscribers.Demand, FanInEffects
  ) {
    guard !isOver, let source, subscriptions[source] != nil else { return (.none, request(more)) }
    requested += more
    var effects = FanInEffects()
    effects.requests = subscriptions.indices.compactMap { index in
      index == source ? nil : subscriptions[index].map { ($0, more) }
    }
    return (more, effects)
  }

  /// A request the downstream makes while a tuple is delivered during an upstream's own call is
  /// handed back to that upstream as the value's demand, and requested from the others, as Combine's
  /// (OpenCombine's `ZipTests.testDownstreamDemandRequestedWhileSendingValue`).
  @inlinable
  mutating func request(_ more: Subscribers.Demand, during source: Int) -> (Subscribers.Demand, FanInEffects)
  {
    returned(more, during: source)
  }

  @inlinable
  mutating func cancel() -> FanInEffects {
    guard !isOver else { return .none }
    return cancelAll()
  }

  /// Sends the tuples that can be made, then finishes if an upstream that has finished has nothing
  /// left waiting; returns the cancels that finishing needs.
  @inlinable
  mutating func sendReady() -> FanInEffects {
    while waiting.allSatisfy({ !$0.isEmpty }) {
      queue.append(waiting.indices.map { waiting[$0].removeFirst() })
    }
    guard waiting.indices.contains(where: { finished[$0] && waiting[$0].isEmpty }) else { return .none }
    let effects = cancelAll()
    queue.append(completion: .finished)
    return effects
  }

  @inlinable
  mutating func cancelAll() -> FanInEffects {
    var effects = FanInEffects()
    effects.cancels = subscriptions.compactMap { $0 }
    isOver = true
    subscriptions = subscriptions.map { _ in nil }
    waiting = waiting.map { _ in [] }
    return effects
  }
}
