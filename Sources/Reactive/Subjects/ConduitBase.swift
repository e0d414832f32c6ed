import Synchronization

/// One subscriber's subscription to a subject: the part that does not depend on the value type, so
/// that requesting, cancelling and the delivery token run specialised code whatever the subject's
/// types.
///
/// Its ``state`` holds the delivery token (see ``ConduitState``); whoever holds it is the only thread
/// that calls the subscriber. Demand lives in an atomic of its own, so that a subscriber may request
/// from any thread without taking a lock.
@usableFromInline
class ConduitBase: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
  /// The raw value of unlimited demand.
  @inlinable static var unlimited: UInt { Subscribers.Demand.unlimited.rawValue }

  /// ``ConduitState`` bits, and above them, while the token is held, the thread holding it
  /// (``ConduitState/owner(_:)``), written with `busy` under the registry's lock. A new conduit
  /// starts busy and subscribing, its token held by the subscribing thread while the subscriber
  /// receives its subscription. (The holder in the same word rather than a field of its own: 8 bytes
  /// fewer per subscriber, the memory row of `make bench`.)
  @usableFromInline final let state: Atomic<UInt>
  /// The demand not yet used, as a raw ``Subscribers/Demand``.
  @usableFromInline final let demand = Atomic<UInt>(0)
  /// The subject's subscriber list and lock.
  @usableFromInline final let registry: SubjectRegistry

  /// Neighbours in the subscriber list. Guarded by the registry's lock.
  @usableFromInline @exclusivity(unchecked) final var previous: Unmanaged<ConduitBase>?
  @usableFromInline @exclusivity(unchecked) final var next: Unmanaged<ConduitBase>?
  /// The subscriber, retained; `nil` once the conduit has ended. Set when the conduit is made and
  /// cleared under the registry's lock by the thread ending it, which no delivery runs beside; read
  /// by the token holder, or under the lock.
  @usableFromInline @exclusivity(unchecked) final var subscriber: Unmanaged<AnyObject>?
  /// The conduit's ``ConduitMailbox``, once made; see there for who may touch what. Kept as an
  /// object, so that code that is not specialised lets it go without looking up type metadata.
  @usableFromInline @exclusivity(unchecked) final var mailbox: AnyObject?

  @inlinable
  init(registry: SubjectRegistry, subscriber: Unmanaged<AnyObject>) {
    self.registry = registry
    self.subscriber = subscriber
    state = Atomic(
      ConduitState.busy | ConduitState.subscribing | ConduitState.owner(currentThreadIdentifier()))
  }

  deinit {
    subscriber?.release()
  }

  // MARK: Demand

  /// Takes one value's worth of demand; false if there is none.
  @inlinable @inline(__always)
  final func takeDemand() -> Bool {
    var current = demand.load(ordering: .relaxed)
    while current != Self.unlimited {
      if current == 0 { return false }
      let (exchanged, original) = demand.compareExchange(
        expected: current, desired: current - 1, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return true
  }

  /// Adds `more` to the demand, saturating at unlimited.
  @inlinable
  final func addDemand(_ more: Subscribers.Demand) {
    var current = demand.load(ordering: .relaxed)
    while current != Self.unlimited {
      let updated = (Subscribers.Demand(rawValue: current) + more).rawValue
      let (exchanged, original) = demand.compareExchange(
        expected: current, desired: updated, ordering: .relaxed)
      if exchanged { return }
      current = original
    }
  }

  // MARK: The token

  /// Under the registry's lock, for a conduit that is not closed: takes the token if it is free.
  /// Returns how the calling thread delivers to the conduit, or `nil` if another thread holds it.
  @inlinable @inline(__always)
  final func claimLocked(by thread: UInt) -> ConduitClaim.Role? {
    let current = state.load(ordering: .acquiring)
    if current & ConduitState.busy == 0 {
      // Nothing else writes the state while it is idle and the lock is held.
      state.store(current | ConduitState.busy | ConduitState.owner(thread), ordering: .relaxed)
      return .claimed
    }
    return ConduitState.holder(current) == thread ? .nested : nil
  }

  /// Under the registry's lock, for a replaying conduit that another thread is still subscribing:
  /// notes that it missed a value, for that thread to deliver the latest before it lets go. Returns
  /// false, noting nothing, if that thread let the token go meanwhile (it does so without the lock,
  /// and would never see the note): the conduit is then idle, and takes the value as any other.
  @usableFromInline
  final func noteMissedLocked() -> Bool {
    var current = state.load(ordering: .acquiring)
    while current & ConduitState.subscribing != 0 {
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: current | ConduitState.missed, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Under the registry's lock, once work is queued for a conduit whose token another thread held:
  /// flags it for that thread. If the holder let the token go meanwhile, takes it over and returns
  /// true: the caller then settles the conduit itself.
  @usableFromInline
  final func flagWorkLocked(by thread: UInt) -> Bool {
    let before = state.bitwiseOr(ConduitState.work, ordering: .acquiringAndReleasing).oldValue
    if before & ConduitState.busy != 0 { return false }
    state.store(
      before | ConduitState.work | ConduitState.busy | ConduitState.owner(thread), ordering: .relaxed)
    return true
  }

  /// Lets the token go; first delivers what was queued meanwhile, or ends a conduit closed meanwhile.
  /// After this call, the caller must not touch the conduit: ending it may free it.
  @inlinable @inline(__always)
  final func releaseToken() {
    let current = state.load(ordering: .relaxed)
    if current & ConduitState.flags == ConduitState.busy,
      state.compareExchange(expected: current, desired: 0, ordering: .acquiringAndReleasing).exchanged
    {
      return
    }
    settle()
  }

  /// Delivers the queued work and lets the token go, or ends the conduit if it was closed. Call
  /// holding the token.
  ///
  /// Not generic: a subscribe passes through here once, and a generic class's method would look up
  /// its value types' metadata on every call (about a tenth of a subscribe + cancel). Only the queued
  /// work, which is rare, is delivered by the typed subclass.
  @usableFromInline
  final func settle() {
    while true {
      let current = state.load(ordering: .acquiring)
      if current & ConduitState.closed != 0 {
        end()
        return
      }
      if current & (ConduitState.work | ConduitState.missed) != 0 {
        deliverQueuedWork()
        continue
      }
      // Letting go also ends the subscribing stage: from here on, other threads' values are queued
      // for whoever holds the token.
      if state.compareExchange(expected: current, desired: 0, ordering: .acquiringAndReleasing).exchanged {
        return
      }
    }
  }

  /// Takes the work queued for this conduit and its flags, and delivers it. Call holding the token.
  @usableFromInline
  func deliverQueuedWork() {}

  /// Ends a closed conduit: takes it out of the list, drops what it holds and lets its subscriber
  /// go. Call holding the token (or having just closed an idle conduit): no call to the subscriber
  /// runs or begins. Releasing the list's reference may free the conduit, so nothing touches it
  /// after.
  @usableFromInline
  final func end() {
    registry.lock.lock()
    let room = mailbox.map { unsafeDowncast($0, to: ConduitWaitingRoom.self) }
    let waiters = room?.waiters ?? 0
    let gate = room?.gate
    let ending = takeForEndingLocked()
    registry.lock.unlock()
    ending.release()
    // The cancels that waited for the delivery this thread just finished (see `cancel()`).
    for _ in 0..<waiters { gate.unsafelyUnwrapped.open() }
  }

  /// Whether a cancel from another thread than the token holder's waits for the delivery under way
  /// to return: true for a ``Subscribers/Sink``, whose promise that its closure never starts again
  /// once `cancel()` returns this wait keeps, so that the sink itself needs no atomic operation per
  /// value (``Subscribers/Sink/receiveDelivered(_:)``). Other subscribers' cancels do not wait, as
  /// in Combine.
  @usableFromInline
  var cancelWaitsForDelivery: Bool { false }

  /// Whether this conduit of a replaying subject keeps, in its mailbox, the latest value it had no
  /// demand for. A subject's own sink asks for everything as it is attached and is handed the current
  /// value then, so it keeps none, and is linked with no mailbox: its token holder never reads the
  /// mailbox outside the registry's lock, where another thread may make it (``SubjectConduit/enqueueLocked(_:by:)``).
  @usableFromInline
  var keepsPending: Bool { registry.replays }

  /// The conduit's mailbox, made if it has none yet. Call holding the registry's lock.
  @usableFromInline
  func waitingRoomLocked() -> ConduitWaitingRoom {
    fatalError("a conduit makes its own mailbox")
  }

  /// Takes the conduit out of the list, and what it holds out of the conduit. Call holding the
  /// registry's lock, as the only thread that may touch the conduit.
  @usableFromInline
  final func takeForEndingLocked() -> ConduitEnding {
    let listReference = registry.unlink(self)
    return ConduitEnding(
      listReference: listReference, subscriber: subscriber.take(),
      parent: registry.count == 0 ? registry.parent.take() : nil, mailbox: mailbox.take())
  }

  // MARK: Subscription

  /// Adds demand. A replaying subject then delivers the value the subscriber missed; an observable
  /// object publisher, once anything is requested, delivers every change.
  @usableFromInline
  final func request(_ more: Subscribers.Demand) {
    precondition(more != .none, "a subscriber must request at least one value")
    guard state.load(ordering: .acquiring) & ConduitState.closed == 0 else { return }
    if more == .unlimited || registry.kind == .observableObject {
      // Unlimited whatever the demand was: nothing to add to, and nothing a racing delivery's
      // decrement could undo, so a store suffices.
      demand.store(Self.unlimited, ordering: .relaxed)
    } else {
      addDemand(more)
    }
    if !registry.demanded.load(ordering: .acquiring) {
      registry.acknowledgeDemand()
    }
    if keepsPending {
      offerPendingAfterRequest()
    }
  }

  /// Delivers the value kept for lack of demand, on whichever thread may: this one if the token is
  /// free or already held further up this thread's stack (then at once, recursively, as Combine
  /// does), otherwise the thread holding it, before it lets go.
  @usableFromInline
  final func offerPendingAfterRequest() {
    let thread = currentThreadIdentifier()
    registry.lock.lock()
    guard state.load(ordering: .acquiring) & ConduitState.closed == 0 else {
      registry.lock.unlock()
      return
    }
    switch claimLocked(by: thread) {
    case .claimed?:
      registry.lock.unlock()
      offerPending()
      releaseToken()
    case .nested?:
      registry.lock.unlock()
      offerPending()
    default:
      let tookOver = flagWorkLocked(by: thread)
      registry.lock.unlock()
      if tookOver { releaseToken() }
    }
  }

  /// Delivers the value kept for lack of demand, if there is one and now demand for it. Call
  /// holding the token.
  @usableFromInline
  func offerPending() {}

  /// Stops delivery at once and lets the subscriber go. A call to the subscriber already under way
  /// on another thread may finish (a sink's cancel waits for it); none begins once this returns. The
  /// thread holding the token, if another holds it, ends the conduit when it lets go.
  @usableFromInline
  final func cancel() {
    registry.lock.lock()
    let seen = state.load(ordering: .acquiring)
    if seen & (ConduitState.closed | ConduitState.busy) == 0 {
      // Idle: nothing else writes the state while it is idle and the lock is held (bits are set only
      // under the lock, and cleared only by a holder), so a store closes it and takes the token,
      // which makes this thread the only one that may touch it. One atomic read-modify-write fewer
      // per cancel (the subscribe + cancel rows).
      state.store(seen | ConduitState.closed | ConduitState.busy, ordering: .releasing)
      let ending = takeForEndingLocked()
      registry.lock.unlock()
      ending.release()
      return
    }
    // Held or closed: one atomic step, as in `flagWorkLocked`. The holder lets the token go without
    // the lock, so a token seen held by the load above may be let go before the closed bit lands.
    let before = state.bitwiseOr(ConduitState.closed, ordering: .acquiringAndReleasing).oldValue
    if before & ConduitState.closed == 0, before & ConduitState.busy != 0, cancelWaitsForDelivery,
      ConduitState.holder(before) != currentThreadIdentifier()
    {
      // A sink's delivery may be under way on the holder's thread: wait until the holder, seeing the
      // bit as it lets go, has ended the conduit (`end()` opens the gate). Registered under the
      // lock, which the holder's `end()` takes after it saw the bit.
      let room = waitingRoomLocked()
      let gate = room.gate ?? SinkCallGate()
      room.gate = gate
      room.waiters += 1
      registry.lock.unlock()
      gate.wait()
      return
    }
    if before & (ConduitState.closed | ConduitState.busy) != 0 {
      // Closed already, or the holder sees the bit when it lets go, and ends the conduit.
      registry.lock.unlock()
      return
    }
    // The holder let the token go between the load and the step: the conduit is idle and closed.
    state.store(before | ConduitState.closed | ConduitState.busy, ordering: .releasing)
    let ending = takeForEndingLocked()
    registry.lock.unlock()
    ending.release()
  }

  // MARK: Description

  /// What Combine's subscription of this subject is called.
  @usableFromInline
  final var description: String { registry.kind.name }

  /// The description.
  @usableFromInline
  final var playgroundDescription: Any { description }

  /// The subject, the subscriber and the demand, as Combine shows them; `nil` for the first two once
  /// the subscription has ended.
  @usableFromInline
  final var customMirror: Mirror {
    let (parent, subscriber): (AnyObject?, AnyObject?) = registry.lock.withLock {
      // The subject is kept by the registry while any subscription lasts.
      (self.subscriber == nil ? nil : registry.parent, self.subscriber?.takeUnretainedValue())
    }
    let downstream = subscriber.map(SubscriberBoxes.unboxed)
    if registry.kind == .observableObject {
      return Mirror(self, children: [("downstream", downstream as Any)])
    }
    // Combine's `@Published` subject is a class of its own, `PublishedSubject<Value>`; ours is a
    // current-value subject, shown under that name.
    let shown: Any =
      registry.kind == .published ? parent.map(PublishedSubjectReflection.init) as Any : parent as Any
    let children: [Mirror.Child] = [
      ("parent", shown),
      ("downstream", downstream as Any),
      ("demand", Subscribers.Demand(rawValue: demand.load(ordering: .relaxed))),
      ("subject", shown),
    ]
    return Mirror(self, children: children)
  }
}

/// The subject behind a `@Published` property as a subscription's mirror shows it: under the name of
/// Combine's class for it, `PublishedSubject<Value>` (OpenCombine's
/// PublishedTests.testPublishedSubjectConduitReflection), with the subject's own children.
struct PublishedSubjectReflection: CustomStringConvertible, CustomReflectable {
  /// Our subject, a `CurrentValueSubject<Value, Never>`.
  let subject: AnyObject

  /// `Reactive.PublishedSubject<Value>`, with the value type fully named, as `String(describing:)`
  /// names a class.
  var description: String {
    let name = String(reflecting: type(of: subject))
    guard let open = name.firstIndex(of: "<"), let comma = name.lastIndex(of: ",") else { return name }
    return "Reactive.PublishedSubject" + name[open..<comma] + ">"
  }

  var customMirror: Mirror { Mirror(reflecting: subject) }
}
