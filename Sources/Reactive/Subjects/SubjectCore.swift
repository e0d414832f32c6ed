import Synchronization

/// The state and delivery machinery shared by ``PassthroughSubject`` and ``CurrentValueSubject``.
///
/// Subscribers are kept by the ``ConduitRegistry`` superclass, which knows nothing of the value type,
/// so that subscribing, cancelling and compacting run fully specialised code in this module, however
/// the subject is instantiated. This class adds what depends on the value type: the current value, the
/// completion, and delivery itself, which callers specialise through `@inlinable`.
///
/// Locks, always taken in this order: `delivery`, then `values`. Every write to the values holds both,
/// so a thread holding `delivery` reads them without `values`, which only lets ``current`` be read
/// from any thread. See ``ConduitRegistry`` for what `delivery` guards.
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
    let state = state.unsafeState
    if !state.pointee.finished {
      if replays { values.withLock { $0.current = value } }
      // The list is read in place, without a retain: while `delivering` is above zero, whatever
      // changes the list (a subscriber subscribing, cancelling or completing from inside its
      // `receive`) first retires the buffer being read here, which keeps it alive and unchanged.
      state.pointee.delivering &+= 1
      let (base, count) = state.pointee.conduits.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
      if let base {
        // Every conduit of this subject has this type, and the list keeps each alive: viewed as
        // unmanaged references, the loop calls `offer` without retaining each element.
        let conduits = UnsafeRawPointer(base).assumingMemoryBound(
          to: Unmanaged<SubjectConduit<Output, Failure>>.self)
        for index in 0..<count {
          conduits[index]._withUnsafeGuaranteedRef { $0.offer(value) }
        }
      }
      state.pointee.delivering &-= 1
      if state.pointee.delivering == 0, state.pointee.hasRetired {
        dropRetired()
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
    // Every write to the values holds `delivery`, which this thread holds.
    let values = values.unsafeState.pointee
    if let completion = values.completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
    } else {
      let conduit = SubjectConduit(
        core: self,
        pending: replays ? SerializedSlot(values.current) : nil,
        receiveValue: { subscriber.receive($0) },
        receiveCompletion: { subscriber.receive(completion: $0) },
        identifier: subscriber.combineIdentifier
      )
      add(conduit)
      subscriber.receive(subscription: conduit)
    }
    releaseDelivery()
  }
}

/// The part of a subscription that does not depend on the value type: its demand, which also marks
/// it closed, and requesting and cancelling, which therefore run specialised code in this module
/// whatever the subject's types.
///
/// Demand lives in an atomic so that a subscriber of a ``PassthroughSubject`` may request from any
/// thread without waiting for a delivery.
@usableFromInline
class ConduitBase: Subscription, @unchecked Sendable {
  /// The demand value that means unlimited.
  @inlinable static var unlimited: UInt { Subscribers.Demand.unlimited.rawValue }
  /// The demand value that marks a conduit cancelled or completed: nothing more is delivered.
  @inlinable static var closed: UInt { .max }

  @usableFromInline final let demand = Atomic<UInt>(0)
  /// The subject's subscriber list.
  @usableFromInline final let registry: ConduitRegistry
  /// Whether the subject replays: a value that finds no demand is kept for the next request.
  @usableFromInline final let replays: Bool
  /// The subscriber's identity.
  @usableFromInline final let combineIdentifier: CombineIdentifier

  @inlinable
  init(registry: ConduitRegistry, replays: Bool, identifier: CombineIdentifier) {
    self.registry = registry
    self.replays = replays
    self.combineIdentifier = identifier
  }

  /// Whether the conduit was cancelled or completed.
  @inlinable
  final var isClosed: Bool { demand.load(ordering: .acquiring) == Self.closed }

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

  /// Requests `demand` more values; a replaying subject delivers its pending value at once.
  @usableFromInline
  final func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    guard add(demand), replays else { return }
    offerPending()
  }

  /// Delivers the value kept for lack of demand, if any (replaying subjects only).
  @usableFromInline
  func offerPending() {}

  /// Stops delivery and leaves the subject's subscriber list.
  @usableFromInline
  final func cancel() {
    guard close() else { return }
    registry.detach()
  }
}

/// The subscriber list of a subject, and the lock that orders its deliveries.
///
/// `delivery` is recursive and held while values reach subscribers, and by every read and write of
/// the list. It serializes sends from many threads (each subscriber sees one value at a time, in the
/// order in which the subject's value changed) and lets a subscriber send to the same subject from
/// inside its own `receive`, which then delivers at once, recursively, as Combine does.
///
/// A send reads the list in place, without retaining it. While one is under way (`delivering` above
/// zero), a change to the list, which can then only come from inside a subscriber's `receive` on the
/// delivering thread, first retires the current buffer: the retired copy keeps it alive and, no longer
/// uniquely referenced, unchanged; the change goes to a copy. The outermost send drops what was
/// retired when it is done.
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
    /// How many sends are delivering on the thread that holds `delivery` (more than one when
    /// recursive).
    @usableFromInline var delivering = 0
    /// Lists replaced while a send was reading them.
    @usableFromInline var retired: [ContiguousArray<ConduitBase>] = []
    @usableFromInline var hasRetired = false
    @usableFromInline init() {}

    /// Call before changing `conduits`.
    @inlinable
    mutating func willChangeConduits() {
      if delivering > 0 {
        retired.append(conduits)
        hasRetired = true
      }
    }
  }

  @usableFromInline final let delivery = PlainLock.make(recursive: true)
  /// Guarded by `delivery`; the lock of its own is unused.
  @usableFromInline final let state = LockedState.make(State())
  /// Closed conduits still in the list.
  @usableFromInline final let closedConduits = Atomic<Int>(0)

  @usableFromInline init() {}

  /// Appends a conduit. Call with `delivery` held.
  @usableFromInline
  final func add(_ conduit: ConduitBase) {
    let state = state.unsafeState
    state.pointee.willChangeConduits()
    state.pointee.conduits.append(conduit)
  }

  /// Marks the subject finished and hands back the conduits to complete, or `nil` if it had already
  /// finished. Call with `delivery` held.
  @usableFromInline
  final func finish() -> ContiguousArray<ConduitBase>? {
    let state = state.unsafeState
    guard !state.pointee.finished else { return nil }
    state.pointee.finished = true
    state.pointee.willChangeConduits()
    defer { state.pointee.conduits = [] }
    return state.pointee.conduits
  }

  /// Releases the lists retired during a send. Call with `delivery` held, once no send is delivering.
  @usableFromInline
  final func dropRetired() {
    let state = state.unsafeState
    let retired = state.pointee.retired
    state.pointee.retired = []
    state.pointee.hasRetired = false
    _ = retired
  }

  /// Notes that a conduit was closed and removes it now if no delivery is under way.
  @usableFromInline
  final func detach() {
    // The usual case, no delivery under way: remove it at once, without counting it.
    if delivery.tryLock() {
      removeClosed()
      delivery.unlock()
      return
    }
    // Otherwise the thread that holds `delivery` will see the count as it lets go, unless it already
    // has, in which case the lock is free again.
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
    if closedConduits.load(ordering: .sequentiallyConsistent) > 0,
      closedConduits.exchange(0, ordering: .sequentiallyConsistent) > 0
    {
      removeClosed()
    }
    delivery.unlock()
  }

  /// Removes the closed conduits. Call with `delivery` held.
  @usableFromInline
  final func removeClosed() {
    let state = state.unsafeState
    state.pointee.willChangeConduits()
    state.pointee.conduits.removeAll { $0.isClosed }
  }
}

/// One subscriber's subscription to a subject: its receive closures and, for a replaying subject, the
/// latest value it could not yet take. The receive closures are built where the subscriber's type is
/// known, so delivery runs specialised code. No stored property needs the value type's metadata to be
/// destroyed, so that releasing a conduit of a ``PassthroughSubject`` runs no generic lookup.
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: ConduitBase, @unchecked Sendable {
  @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
  /// The value waiting for demand, replaying subjects only (`nil` otherwise); guarded by the
  /// delivery lock. A new subscriber's first demand takes the subject's current value from here.
  @usableFromInline let pending: SerializedSlot<Output?>?

  @inlinable
  init(
    core: SubjectCore<Output, Failure>,
    pending: SerializedSlot<Output?>?,
    receiveValue: @escaping (Output) -> Subscribers.Demand,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    identifier: CombineIdentifier
  ) {
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
    self.pending = pending
    super.init(registry: core, replays: pending != nil, identifier: identifier)
  }

  deinit {
    pending?.free()
  }

  /// Delivers `value` if there is demand; otherwise keeps it (replaying) or drops it. Called with the
  /// delivery lock held.
  @inlinable @inline(__always)
  func offer(_ value: Output) {
    var current = demand.load(ordering: .acquiring)
    while current != Self.unlimited {
      if current == Self.closed { return }
      if current == 0 {
        pending?.value = value
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

  @usableFromInline
  override func offerPending() {
    guard let pending else { return }
    registry.delivery.lock()
    if let value = pending.value {
      pending.value = nil
      offer(value)
    }
    registry.releaseDelivery()
  }

  /// Delivers the completion unless the conduit was cancelled. Called with the delivery lock held.
  @usableFromInline
  func finish(_ completion: Subscribers.Completion<Failure>) {
    guard close() else { return }
    pending?.value = nil
    receiveCompletion(completion)
  }
}
