import Synchronization

/// What a subject knows: its subscribers, its completion, its current value.
@usableFromInline
struct SubjectState<Output, Failure: Error> {
  @usableFromInline var conduits: ContiguousArray<SubjectConduit<Output, Failure>> = []
  @usableFromInline var completion: Subscribers.Completion<Failure>?
  /// The latest value, for a subject that replays it to new subscribers.
  @usableFromInline var current: Output?

  @inlinable
  init(current: Output?) {
    self.current = current
  }
}

/// The state and delivery machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``.
///
/// Two locks, always taken in the order `delivery`, then `state`:
/// - `delivery` is recursive and held while values reach subscribers. It serializes sends from many
///   threads (each subscriber sees one value at a time, in the order in which the current value
///   changed) and lets a subscriber send to the same subject from inside its own `receive`, which then
///   delivers at once, recursively, as Combine does.
/// - `state` is held only for a few loads and stores, never while calling a subscriber. Every write to
///   the state holds both locks, so a send, which holds `delivery`, may read the subscriber list
///   without `state`; ``CurrentValueSubject/value`` reads with `state` alone and never waits for a
///   delivery.
///
/// `cancel()` must not wait for a delivery either (the subscriber being delivered to might be waiting
/// for the canceller's thread), so a cancelled conduit is closed at once and taken out of the list by
/// whichever thread next holds `delivery`: the canceller if the lock is free, otherwise the thread
/// delivering, as it lets go.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline let state: LockedState<SubjectState<Output, Failure>>
  @usableFromInline let delivery = PlainLock.make(recursive: true)
  /// Cancelled conduits still in the list.
  @usableFromInline let closedConduits = Atomic<Int>(0)
  /// Whether new subscribers and subscribers without demand are owed the latest value.
  @usableFromInline let replays: Bool

  @usableFromInline
  init(replaying current: Output?) {
    state = .make(SubjectState(current: current))
    replays = current != nil
  }

  /// The current value of a replaying subject.
  @inlinable
  var current: Output? {
    state.withLock { $0.current }
  }

  @inlinable
  func send(_ value: Output) {
    delivery.lock()
    let snapshot: ContiguousArray<SubjectConduit<Output, Failure>>?
    if replays {
      snapshot = state.withLock { state in
        guard state.completion == nil else { return nil }
        state.current = value
        return state.conduits
      }
    } else {
      let state = self.state.unsafeState
      snapshot = state.pointee.completion == nil ? state.pointee.conduits : nil
    }
    if let snapshot {
      for conduit in snapshot {
        conduit.offer(value)
      }
    }
    releaseDelivery()
  }

  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    delivery.lock()
    let snapshot = state.withLock { state -> ContiguousArray<SubjectConduit<Output, Failure>>? in
      guard state.completion == nil else { return nil }
      state.completion = completion
      defer { state.conduits = [] }
      return state.conduits
    }
    for conduit in snapshot ?? [] {
      conduit.finish(completion)
    }
    releaseDelivery()
  }

  @inlinable
  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    delivery.lock()
    let conduit = SubjectConduit(
      core: self,
      replays: replays,
      receiveValue: { subscriber.receive($0) },
      receiveCompletion: { subscriber.receive(completion: $0) },
      identifier: subscriber.combineIdentifier
    )
    let completion = state.withLock { state -> Subscribers.Completion<Failure>? in
      if let completion = state.completion { return completion }
      conduit.pending = state.current
      state.conduits.append(conduit)
      return nil
    }
    if let completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
    } else {
      subscriber.receive(subscription: conduit)
    }
    releaseDelivery()
  }

  /// Notes that a conduit was closed and removes it now if no delivery is under way.
  @usableFromInline
  func detach() {
    closedConduits.wrappingAdd(1, ordering: .sequentiallyConsistent)
    removeClosedIfIdle()
  }

  /// Lets go of the delivery lock, then removes conduits that were cancelled meanwhile.
  @inlinable @inline(__always)
  func releaseDelivery() {
    delivery.unlock()
    if closedConduits.load(ordering: .sequentiallyConsistent) > 0 {
      removeClosedIfIdle()
    }
  }

  @usableFromInline
  func removeClosedIfIdle() {
    guard delivery.tryLock() else { return }
    let closed = closedConduits.exchange(0, ordering: .sequentiallyConsistent)
    if closed > 0 {
      state.withLock { state in
        state.conduits.removeAll { $0.isClosed }
      }
    }
    delivery.unlock()
  }
}

/// One subscriber's subscription to a subject: its outstanding demand, and for a replaying subject the
/// latest value it could not yet take.
///
/// Demand lives in an atomic so that a subscriber of a ``PassthroughSubject`` may request from any
/// thread without waiting for a delivery; the pending value is touched only under the core's delivery
/// lock. The receive closures are built where the subscriber's type is known, so delivery runs
/// specialised code.
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
  @inlinable static var unlimited: UInt { Subscribers.Demand.unlimited.rawValue }
  /// Marks a conduit that was cancelled or completed: nothing more reaches the subscriber.
  @inlinable static var closed: UInt { .max }

  @usableFromInline let core: SubjectCore<Output, Failure>
  @usableFromInline let replays: Bool
  @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
  @usableFromInline let demand = Atomic<UInt>(0)
  /// The value waiting for demand (replaying subjects only); guarded by the delivery lock.
  @usableFromInline var pending: Output?
  /// The subscriber's identity.
  @usableFromInline let combineIdentifier: CombineIdentifier

  @inlinable
  init(
    core: SubjectCore<Output, Failure>,
    replays: Bool,
    receiveValue: @escaping (Output) -> Subscribers.Demand,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    identifier: CombineIdentifier
  ) {
    self.core = core
    self.replays = replays
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
    self.combineIdentifier = identifier
  }

  /// Whether the conduit was cancelled or completed.
  @inlinable
  var isClosed: Bool { demand.load(ordering: .acquiring) == Self.closed }

  /// Delivers `value` if there is demand; otherwise keeps it (replaying) or drops it. Called with the
  /// delivery lock held.
  @inlinable @inline(__always)
  func offer(_ value: Output) {
    var current = demand.load(ordering: .acquiring)
    while current != Self.unlimited {
      if current == Self.closed { return }
      if current == 0 {
        if replays { pending = value }
        return
      }
      let (exchanged, original) = demand.compareExchange(
        expected: current, desired: current - 1, ordering: .acquiringAndReleasing)
      if exchanged { break }
      current = original
    }
    let more = receiveValue(value)
    if more != .none { add(more) }
  }

  /// Adds demand; returns whether the conduit is still open.
  @inlinable
  @discardableResult
  func add(_ more: Subscribers.Demand) -> Bool {
    var current = demand.load(ordering: .relaxed)
    while true {
      if current == Self.closed { return false }
      if current == Self.unlimited { return true }
      let updated = (Subscribers.Demand(rawValue: current) + more).rawValue
      let (exchanged, original) = demand.compareExchange(
        expected: current, desired: updated, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
  }

  /// Requests `demand` more values; a replaying subject delivers its pending value at once.
  @usableFromInline
  func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    guard add(demand), replays else { return }
    core.delivery.lock()
    if let value = pending {
      pending = nil
      offer(value)
    }
    core.releaseDelivery()
  }

  /// Stops delivery and leaves the subject's subscriber list.
  @usableFromInline
  func cancel() {
    guard demand.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed else { return }
    core.detach()
  }

  /// Delivers the completion unless the conduit was cancelled. Called with the delivery lock held.
  @usableFromInline
  func finish(_ completion: Subscribers.Completion<Failure>) {
    guard demand.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed else { return }
    pending = nil
    receiveCompletion(completion)
  }
}
