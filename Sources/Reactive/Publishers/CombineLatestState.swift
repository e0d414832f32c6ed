/// The decisions of ``Publishers/CombineLatest`` and ``Publishers/CombineLatest3``, as a pure state
/// machine. Values are boxed (`Any`) so that one machine serves every arity; the publisher unboxes the
/// combination it built.
///
/// Each upstream's latest value is kept. Once every upstream has sent one, each new value makes a
/// combination; it goes out if the downstream has demand, and otherwise waits as the one pending
/// combination (a newer one replaces it) until demand comes. Every downstream request is passed on to
/// every upstream. The stream finishes once every upstream has finished (a pending combination is then
/// dropped), and fails as soon as one fails, cancelling the others. A value an upstream sends from
/// inside the downstream's own `receive(_:)` is kept as that upstream's latest but makes no
/// combination (``receiveNested(_:source:)``).
@usableFromInline
struct CombineLatestState<Failure: Error>: FanInState {
  @usableFromInline var queue = DeliveryQueue<[Any], Failure>()
  @usableFromInline var latest: [Any?]
  @usableFromInline var subscriptions: [(any Subscription)?]
  @usableFromInline var finished: [Bool]
  /// Everything the downstream has requested, which each upstream is asked for when it subscribes.
  @usableFromInline var requested = Subscribers.Demand.none
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var hasPendingCombination = false
  @usableFromInline var isOver = false

  /// A machine for `count` upstreams.
  @inlinable
  init(count: Int) {
    latest = Array(repeating: nil, count: count)
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
    latest[source] = value
    if latest.allSatisfy({ $0 != nil }) {
      if demand > 0 {
        sendCombination()
      } else {
        hasPendingCombination = true
      }
    }
    return (.none, .none)
  }

  /// A value sent from inside the downstream's `receive(_:)` (as Combine's).
  @inlinable
  static var setsNestedValuesApart: Bool { true }

  /// It becomes its source's latest value but makes no combination, then or after, as in Combine;
  /// so a downstream that answers every combination by sending does not feed itself for ever.
  @inlinable
  mutating func receiveNested(_ value: Any, source: Int) -> (Subscribers.Demand, FanInEffects) {
    guard !isOver, subscriptions[source] != nil else { return (.none, .none) }
    latest[source] = value
    return (.none, .none)
  }

  @inlinable
  mutating func finish(source: Int) -> FanInEffects {
    guard !isOver, !finished[source] else { return .none }
    finished[source] = true
    subscriptions[source] = nil
    if finished.allSatisfy({ $0 }) {
      end()
      queue.append(completion: .finished)
    }
    return .none
  }

  @inlinable
  mutating func fail(_ failure: Failure, source: Int) -> FanInEffects {
    guard !isOver, !finished[source] else { return .none }
    subscriptions[source] = nil
    let effects = cancelAll()
    queue.append(completion: .failure(failure))
    return effects
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> FanInEffects {
    guard !isOver, more != .none else { return .none }
    requested += more
    demand += more
    if hasPendingCombination { sendCombination() }
    var effects = FanInEffects()
    effects.requests = subscriptions.compactMap { $0.map { ($0, more) } }
    return effects
  }

  @inlinable
  mutating func cancel() -> FanInEffects {
    guard !isOver else { return .none }
    return cancelAll()
  }

  @inlinable
  mutating func sendCombination() {
    demand -= 1
    hasPendingCombination = false
    queue.append(latest.map { $0! })
  }

  @inlinable
  mutating func cancelAll() -> FanInEffects {
    var effects = FanInEffects()
    effects.cancels = subscriptions.compactMap { $0 }
    end()
    return effects
  }

  @inlinable
  mutating func end() {
    isOver = true
    subscriptions = subscriptions.map { _ in nil }
    latest = latest.map { _ in nil }
    hasPendingCombination = false
  }
}
