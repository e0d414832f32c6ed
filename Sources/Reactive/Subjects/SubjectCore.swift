import Synchronization

/// The state and delivery machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``.
///
/// Subscribers are kept by the ``ConduitRegistry`` superclass, which knows nothing of the value type,
/// so that subscribing, cancelling and compacting run fully specialised code in this module, however
/// the subject is instantiated. This class adds what depends on the value type: the current value, the
/// completion, and delivery itself, which callers specialise through `@inlinable`.
///
/// Locks, always taken in this order: `delivery`, then `values` or the registry's state lock. See
/// ``ConduitRegistry`` for what each guards.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: ConduitRegistry, @unchecked Sendable {
  /// The current value (replaying subjects) and the completion once there is one.
  @usableFromInline
  struct Values {
    @usableFromInline var current: Output?
    @usableFromInline var completion: Subscribers.Completion<Failure>?

    @inlinable init(current: Output?) { self.current = current }
  }

  @usableFromInline let values: LockedState<Values>
  /// Whether new subscribers and subscribers without demand are owed the latest value.
  @usableFromInline let replays: Bool

  @usableFromInline
  init(replaying current: Output?) {
    values = .make(Values(current: current))
    replays = current != nil
    super.init()
  }

  /// The current value of a replaying subject.
  @inlinable
  var current: Output? {
    values.withLock { $0.current }
  }

  @inlinable
  func send(_ value: Output) {
    delivery.lock()
    if let conduits = openConduits() {
      if replays { values.withLock { $0.current = value } }
      // Every conduit of this subject has this type; viewing the list as such costs nothing and lets
      // the loop call `offer` without retaining each element.
      for conduit in unsafeBitCast(conduits, to: ContiguousArray<SubjectConduit<Output, Failure>>.self) {
        conduit.offer(value)
      }
    }
    releaseDelivery()
  }

  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    delivery.lock()
    if let conduits = finish() {
      values.withLock { $0.completion = completion }
      for conduit in conduits {
        unsafeDowncast(conduit, to: SubjectConduit<Output, Failure>.self).finish(completion)
      }
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
    let values = values.withLock { $0 }
    if let completion = values.completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
    } else {
      conduit.pending = values.current
      add(conduit)
      subscriber.receive(subscription: conduit)
    }
    releaseDelivery()
  }
}

/// The part of a subscription that does not depend on the value type: its demand, which also marks
/// it closed.
///
/// Demand lives in an atomic so that a subscriber of a ``PassthroughSubject`` may request from any
/// thread without waiting for a delivery.
@usableFromInline
class ConduitBase: @unchecked Sendable {
  /// The demand value that means unlimited.
  @inlinable static var unlimited: UInt { Subscribers.Demand.unlimited.rawValue }
  /// The demand value that marks a conduit cancelled or completed: nothing more is delivered.
  @inlinable static var closed: UInt { .max }

  @usableFromInline let demand = Atomic<UInt>(0)

  @usableFromInline init() {}

  /// Whether the conduit was cancelled or completed.
  @inlinable
  var isClosed: Bool { demand.load(ordering: .acquiring) == Self.closed }

  /// Adds demand; returns whether the conduit is still open.
  @inlinable
  @discardableResult
  final func add(_ more: Subscribers.Demand) -> Bool {
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

  /// Marks the conduit closed; returns whether this call closed it.
  @inlinable
  final func close() -> Bool {
    demand.exchange(Self.closed, ordering: .acquiringAndReleasing) != Self.closed
  }
}

/// The subscriber list of a subject, and the locks that order its deliveries.
///
/// - `delivery` is recursive and held while values reach subscribers. It serializes sends from many
///   threads (each subscriber sees one value at a time, in the order in which the subject's value
///   changed) and lets a subscriber send to the same subject from inside its own `receive`, which then
///   delivers at once, recursively, as Combine does.
/// - `state` is held only for a few loads and stores, never while calling a subscriber. Every write to
///   the list holds both locks, so a send, which holds `delivery`, reads the list without `state`.
///
/// `cancel()` must not wait for a delivery (the subscriber being delivered to might be waiting for the
/// canceller's thread), so a cancelled conduit is closed at once and taken out of the list by whichever
/// thread next holds `delivery`: the canceller if the lock is free, otherwise the delivering thread as
/// it lets go.
@usableFromInline
class ConduitRegistry: @unchecked Sendable {
  @usableFromInline
  struct State {
    @usableFromInline var conduits: ContiguousArray<ConduitBase> = []
    @usableFromInline var finished = false
    @usableFromInline init() {}
  }

  @usableFromInline final let delivery = PlainLock.make(recursive: true)
  @usableFromInline final let state = LockedState.make(State())
  /// Closed conduits still in the list.
  @usableFromInline final let closedConduits = Atomic<Int>(0)

  @usableFromInline init() {}

  /// The conduits to deliver to, or `nil` once the subject has finished. Call with `delivery` held.
  @inlinable @inline(__always)
  final func openConduits() -> ContiguousArray<ConduitBase>? {
    let state = state.unsafeState
    return state.pointee.finished ? nil : state.pointee.conduits
  }

  /// Appends a conduit. Call with `delivery` held.
  @usableFromInline
  final func add(_ conduit: ConduitBase) {
    state.withLock { $0.conduits.append(conduit) }
  }

  /// Marks the subject finished and hands back the conduits to complete, or `nil` if it had already
  /// finished. Call with `delivery` held.
  @usableFromInline
  final func finish() -> ContiguousArray<ConduitBase>? {
    state.withLock { state in
      guard !state.finished else { return nil }
      state.finished = true
      defer { state.conduits = [] }
      return state.conduits
    }
  }

  /// Notes that a conduit was closed and removes it now if no delivery is under way.
  @usableFromInline
  final func detach() {
    closedConduits.wrappingAdd(1, ordering: .sequentiallyConsistent)
    removeClosedIfIdle()
  }

  /// Lets go of the delivery lock, then removes conduits that were cancelled meanwhile.
  @inlinable @inline(__always)
  final func releaseDelivery() {
    delivery.unlock()
    if closedConduits.load(ordering: .sequentiallyConsistent) > 0 {
      removeClosedIfIdle()
    }
  }

  @usableFromInline
  final func removeClosedIfIdle() {
    guard delivery.tryLock() else { return }
    if closedConduits.exchange(0, ordering: .sequentiallyConsistent) > 0 {
      state.withLock { state in
        state.conduits.removeAll { $0.isClosed }
      }
    }
    delivery.unlock()
  }
}

/// One subscriber's subscription to a subject: its demand, and for a replaying subject the latest
/// value it could not yet take. The receive closures are built where the subscriber's type is known,
/// so delivery runs specialised code.
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: ConduitBase, Subscription, @unchecked Sendable {
  @usableFromInline let core: SubjectCore<Output, Failure>
  @usableFromInline let replays: Bool
  @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
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
    guard close() else { return }
    core.detach()
  }

  /// Delivers the completion unless the conduit was cancelled. Called with the delivery lock held.
  @usableFromInline
  func finish(_ completion: Subscribers.Completion<Failure>) {
    guard close() else { return }
    pending = nil
    receiveCompletion(completion)
  }
}
