/// The subscription that operators with several upstreams hand their downstream: it keeps a
/// ``FanInState`` behind a lock, performs the requests and cancels it asks for outside the lock, and
/// delivers what it queues through ``DeliveryQueue``, one thread at a time, never holding the lock while
/// the downstream runs.
///
/// Each operator subclasses it to name itself (Combine's `description`). After completion or cancel it
/// lets the downstream go, and the state forgets the sources' subscriptions.
@usableFromInline
class FanInSubscription<State: FanInState, Downstream: Subscriber>: Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Failure == State.Failure {
  @usableFromInline
  struct Storage {
    @usableFromInline var machine: State
    @usableFromInline var downstream: Downstream?
    /// The source whose own call is delivering the queue, if one is.
    @usableFromInline var deliveringDuring: Int?
    /// What requests made during that delivery hand back to that source's call.
    @usableFromInline var handedBackDuringDelivery = Subscribers.Demand.none
    /// The thread inside the downstream's `receive(_:)`, 0 when none is, kept only for a state that
    /// ``FanInState/setsNestedValuesApart``.
    @usableFromInline var threadInValueCall: UInt = 0

    @inlinable
    init(machine: State, downstream: Downstream) {
      self.machine = machine
      self.downstream = downstream
    }
  }

  @usableFromInline let storage: LockedState<Storage>
  /// Turns what the queue holds into the downstream's input.
  @usableFromInline let output: (State.Delivery) -> Downstream.Input

  @inlinable
  init(downstream: Downstream, state: State, output: @escaping (State.Delivery) -> Downstream.Input) {
    storage = .make(Storage(machine: state, downstream: downstream))
    self.output = output
  }

  /// Combine's name for the operator's subscription; every subclass overrides it.
  @inlinable
  var description: String { "FanIn" }

  /// No children, as Combine's.
  @inlinable
  var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

  /// The description.
  @inlinable
  var playgroundDescription: Any { description }

  /// A subscriber for source `source`, whose values `lift` turns into the state's.
  @inlinable
  final func side<Input>(_ source: Int, lift: @escaping (Input) -> State.SourceValue) -> FanInSide<
    Input, State, Downstream
  > {
    FanInSide(parent: self, source: source, lift: lift)
  }

  /// Hands the downstream this subscription, unless the stream is already over.
  @inlinable
  final func attachDownstream() {
    storage.withLock { $0.downstream }?.receive(subscription: self)
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    let (effects, claimed) = storage.withLock { storage in
      let effects: FanInEffects
      if let source = storage.deliveringDuring {
        let (back, rest) = storage.machine.request(demand, during: source)
        storage.handedBackDuringDelivery += back
        effects = rest
      } else {
        effects = storage.machine.request(demand)
      }
      return (effects, storage.machine.queue.claim())
    }
    effects.perform()
    if claimed { deliverQueued() }
  }

  @inlinable
  func cancel() {
    let effects = storage.withLock { storage -> FanInEffects in
      let effects = storage.machine.cancel()
      storage.machine.queue.removeAll()
      storage.downstream = nil
      return effects
    }
    effects.perform()
  }

  /// Runs `body` on the state under the lock, performs the effects it returns, then delivers whatever
  /// is queued unless another thread already is.
  @inlinable
  final func update(_ body: (inout State) -> FanInEffects) {
    let (effects, claimed) = storage.withLock { storage in
      (body(&storage.machine), storage.machine.queue.claim())
    }
    effects.perform()
    if claimed { deliverQueued() }
  }

  /// Like ``update(_:)``, for a change that also has a result.
  @inlinable
  final func updateReturning<Result>(_ body: (inout State) -> (Result, FanInEffects)) -> Result {
    let (result, effects, claimed) = storage.withLock { storage in
      let (result, effects) = body(&storage.machine)
      return (result, effects, storage.machine.queue.claim())
    }
    effects.perform()
    if claimed { deliverQueued() }
    return result
  }

  /// Called by a source's subscriber with its subscription.
  @inlinable
  final func sourceReceive(subscription: any Subscription, source: Int) {
    guard let demand = storage.withLock({ $0.machine.subscribe(subscription, source: source) }) else {
      subscription.cancel()
      return
    }
    if demand != .none { subscription.request(demand) }
  }

  /// Called by a source's subscriber with a value; returns the source's extra demand, with what the
  /// state hands back of the downstream's answers to the values this call delivered.
  @inlinable
  final func sourceReceive(_ value: State.SourceValue, source: Int) -> Subscribers.Demand {
    let thread = State.setsNestedValuesApart ? currentThreadIdentifier() : 0
    let (more, effects, claimed) = storage.withLock { storage in
      let (more, effects) =
        State.setsNestedValuesApart && storage.threadInValueCall == thread
        ? storage.machine.receiveNested(value, source: source)
        : storage.machine.receive(value, source: source)
      let claimed = storage.machine.queue.claim()
      if claimed { storage.deliveringDuring = source }
      return (more, effects, claimed)
    }
    effects.perform()
    guard claimed else { return more }
    return more + deliverQueued(during: source)
  }

  /// Called by a source's subscriber with its completion.
  @inlinable
  func sourceReceive(completion: Subscribers.Completion<State.Failure>, source: Int) {
    switch completion {
    case .finished: update { $0.finish(source: source) }
    case .failure(let failure): update { $0.fail(failure, source: source) }
    }
  }

  /// Delivers the queue until it is empty; only the thread that claimed it calls this. `source` is the
  /// source whose call this is, if any (the claim then recorded it as `deliveringDuring`); returns the
  /// demand the state hands back to it, for the values delivered and the requests made meanwhile.
  @inlinable
  @discardableResult
  final func deliverQueued(during source: Int? = nil) -> Subscribers.Demand {
    var handedBack = Subscribers.Demand.none
    let thread = State.setsNestedValuesApart ? currentThreadIdentifier() : 0
    while let (event, downstream) = storage.withLock({
      storage -> (DeliveryQueue<State.Delivery, State.Failure>.Event, Downstream)? in
      if State.setsNestedValuesApart { storage.threadInValueCall = 0 }
      while let event = storage.machine.queue.next() {
        if let downstream = storage.downstream {
          if State.setsNestedValuesApart, case .value = event { storage.threadInValueCall = thread }
          return (event, downstream)
        }
      }
      if source != nil {
        handedBack += storage.handedBackDuringDelivery
        storage.handedBackDuringDelivery = .none
        storage.deliveringDuring = nil
      }
      return nil
    }) {
      switch event {
      case .value(let value):
        let more = downstream.receive(output(value))
        if more != .none {
          let (back, effects) = storage.withLock { storage in
            if State.setsNestedValuesApart { storage.threadInValueCall = 0 }
            return storage.machine.returned(more, during: source)
          }
          handedBack += back
          effects.perform()
        }
      case .completion(let completion):
        storage.withLock { $0.downstream = nil }
        downstream.receive(completion: completion)
      }
    }
    return handedBack
  }
}

/// The subscriber a ``FanInSubscription`` gives one of its sources.
@usableFromInline
struct FanInSide<Input, State: FanInState, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == State.Failure {
  @usableFromInline typealias Failure = State.Failure

  @usableFromInline let parent: FanInSubscription<State, Downstream>
  @usableFromInline let source: Int
  @usableFromInline let lift: (Input) -> State.SourceValue
  @usableFromInline let combineIdentifier = CombineIdentifier()

  @inlinable
  init(
    parent: FanInSubscription<State, Downstream>, source: Int, lift: @escaping (Input) -> State.SourceValue
  ) {
    self.parent = parent
    self.source = source
    self.lift = lift
  }

  @inlinable
  var description: String { parent.description }
  @inlinable
  var customMirror: Mirror { Mirror(self, children: ["parentSubscription": parent.combineIdentifier]) }
  @inlinable
  var playgroundDescription: Any { description }

  @inlinable
  func receive(subscription: any Subscription) {
    parent.sourceReceive(subscription: subscription, source: source)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    parent.sourceReceive(lift(input), source: source)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<State.Failure>) {
    parent.sourceReceive(completion: completion, source: source)
  }
}
