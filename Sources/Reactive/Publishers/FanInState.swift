/// The decisions of an operator that delivers the events of several upstreams ("sources") to one
/// downstream, as a pure state machine: each method changes the state, queues what the downstream is
/// owed, and says what to ask of the sources. ``FanInSubscription`` holds it behind a lock, performs the
/// effects outside it, and delivers the queue.
@usableFromInline
protocol FanInState {
  /// What a source delivers, as the state sees it (boxed when the sources' types differ).
  associatedtype SourceValue
  /// What the queue holds for the downstream.
  associatedtype Delivery
  /// How the stream may fail.
  associatedtype Failure: Error

  /// What the downstream is owed, in order.
  @inlinable
  var queue: DeliveryQueue<Delivery, Failure> { get set }

  /// Takes the subscription of source `source`; returns the demand to request from it, or `nil` when it
  /// must be cancelled (a second subscription, or the stream is over).
  @inlinable
  mutating func subscribe(_ subscription: any Subscription, source: Int) -> Subscribers.Demand?

  /// Handles a value of source `source`; returns the demand the source may use on top of what it had,
  /// and what to ask of the other sources.
  @inlinable
  mutating func receive(_ value: SourceValue, source: Int) -> (Subscribers.Demand, FanInEffects)

  /// Whether a value a source sends from inside the downstream's own `receive(_:)`, on the thread
  /// delivering it, goes to ``receiveNested(_:source:)`` instead of ``receive(_:source:)``. A constant
  /// of the type, so that states that do not care pay nothing per value.
  @inlinable
  static var setsNestedValuesApart: Bool { get }

  /// Handles a value of source `source` sent from inside the downstream's own `receive(_:)`, on the
  /// thread delivering (only when ``setsNestedValuesApart``).
  @inlinable
  mutating func receiveNested(_ value: SourceValue, source: Int) -> (Subscribers.Demand, FanInEffects)

  /// Handles the normal end of source `source`.
  @inlinable
  mutating func finish(source: Int) -> FanInEffects

  /// Handles the failure of source `source`.
  @inlinable
  mutating func fail(_ failure: Failure, source: Int) -> FanInEffects

  /// Adds downstream demand.
  @inlinable
  mutating func request(_ demand: Subscribers.Demand) -> FanInEffects

  /// Takes the demand the downstream answered a value with. `source` is the source whose own call is
  /// delivering it (`nil` when no source's call is); returns the part of it that call hands back to
  /// its source as the value's demand, and what to ask of the sources for the rest.
  @inlinable
  mutating func returned(_ demand: Subscribers.Demand, during source: Int?) -> (
    Subscribers.Demand, FanInEffects
  )

  /// Takes demand the downstream requests while a value is being delivered during source `source`'s
  /// own call; returns the part of it that call hands back to its source as the value's demand, and
  /// what to ask of the sources for the rest.
  @inlinable
  mutating func request(_ demand: Subscribers.Demand, during source: Int) -> (
    Subscribers.Demand, FanInEffects
  )

  /// Ends the stream on a downstream cancel, forgetting every source.
  @inlinable
  mutating func cancel() -> FanInEffects
}

extension FanInState {
  /// By default a nested value is a value like any other.
  @inlinable
  static var setsNestedValuesApart: Bool { false }

  /// By default a nested value is a value like any other.
  @inlinable
  mutating func receiveNested(_ value: SourceValue, source: Int) -> (Subscribers.Demand, FanInEffects) {
    receive(value, source: source)
  }

  /// By default none of it is handed back: it is all requested, as downstream demand.
  @inlinable
  mutating func returned(_ demand: Subscribers.Demand, during source: Int?) -> (
    Subscribers.Demand, FanInEffects
  ) {
    (.none, request(demand))
  }

  /// By default a request made during a delivery is a request like any other.
  @inlinable
  mutating func request(_ demand: Subscribers.Demand, during source: Int) -> (
    Subscribers.Demand, FanInEffects
  ) {
    (.none, request(demand))
  }
}
