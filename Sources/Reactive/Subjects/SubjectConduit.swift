import Synchronization

/// One subscriber's subscription to a subject: how to call the subscriber, and its mailbox.
///
/// How the subscriber is called is the subclass's: a ``CallingConduit`` (or ``SinkConduit``, for a
/// ``Subscribers/Sink``) calls it through specialised closures; a ``BodiesConduit``, for a subject's
/// own `sink`, calls the sink's closures with no sink between (``SinkBodies``), and stores no
/// closure of its own: two are 32 of a conduit's 120 bytes (the memory row of `make bench`). No
/// stored property needs the value type's metadata to be destroyed, so that releasing a conduit of a
/// ``PassthroughSubject`` runs no generic lookup.
@usableFromInline
class SubjectConduit<Output, Failure: Error>: ConduitBase, @unchecked Sendable {
  /// Hands a value to the subscriber and returns the extra demand it asks for. Call holding the
  /// token, with the subscriber still held.
  @usableFromInline
  func deliverValue(_ value: Output) -> Subscribers.Demand {
    fatalError("a conduit's subclass calls its subscriber")
  }

  /// Hands the completion to the subscriber. Call holding the token, with the subscriber still held.
  @usableFromInline
  func deliverCompletion(_ completion: Subscribers.Completion<Failure>) {
    fatalError("a conduit's subclass calls its subscriber")
  }

  /// A conduit for `subscriber`, holding its token for the calling thread.
  @inlinable
  static func make<S: Subscriber>(for subscriber: S, registry: SubjectRegistry)
    -> SubjectConduit
  where S.Input == Output, S.Failure == Failure {
    if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
      return SinkConduit(
        registry: registry, subscriber: .passRetained(sink),
        deliverValue: {
          unsafeDowncast($0, to: Subscribers.Sink<Output, Failure>.self).receiveDelivered($1)
        },
        deliverCompletion: {
          unsafeDowncast($0, to: Subscribers.Sink<Output, Failure>.self).receive(completion: $1)
        })
    }
    if S.self is AnyObject.Type {
      return CallingConduit(
        registry: registry,
        subscriber: .passRetained(_unsafeReferenceCast(subscriber, to: AnyObject.self)),
        deliverValue: { _unsafeReferenceCast($0, to: S.self).receive($1) },
        deliverCompletion: { _unsafeReferenceCast($0, to: S.self).receive(completion: $1) })
    }
    return CallingConduit(
      registry: registry, subscriber: .passRetained(SubscriberBox(subscriber)),
      deliverValue: { unsafeDowncast($0, to: SubscriberBox<S>.self).wrapped.receive($1) },
      deliverCompletion: { unsafeDowncast($0, to: SubscriberBox<S>.self).wrapped.receive(completion: $1) })
  }

  /// The mailbox, once made.
  @inlinable
  final var typedMailbox: ConduitMailbox<Output, Failure>? {
    guard let mailbox else { return nil }
    return unsafeDowncast(mailbox, to: ConduitMailbox<Output, Failure>.self)
  }

  // MARK: Delivery, holding the token

  /// Delivers `value` if the conduit is open and has demand; otherwise a replaying conduit keeps it
  /// for the next request.
  @inlinable @inline(__always)
  final func offer(_ value: Output) {
    guard state.load(ordering: .acquiring) & ConduitState.closed == 0 else { return }
    guard takeDemand() else {
      if registry.replays, keepsPending { typedMailbox?.pending = value }
      return
    }
    // A value kept for lack of demand is older than this one: delivering it after would put it out
    // of order (demand can arrive from another thread between a send's claim and its delivery).
    if registry.replays, keepsPending { typedMailbox?.pending = nil }
    deliver(value)
  }

  /// Calls the subscriber with `value`, for which demand was taken. Not inlined, so that the
  /// conduit is a guaranteed argument and its subscriber is called without being retained.
  @inlinable @inline(never)
  final func deliver(_ value: Output) {
    let more = deliverValue(value)
    if more != .none { addDemand(more) }
  }

  /// Closes the conduit and delivers `completion`, unless it was already closed.
  @usableFromInline
  final func complete(_ completion: Subscribers.Completion<Failure>) {
    let before = state.bitwiseOr(ConduitState.closed, ordering: .acquiringAndReleasing).oldValue
    guard before & ConduitState.closed == 0 else { return }
    deliverCompletion(completion)
  }

  @usableFromInline
  final override func offerPending() {
    guard let mailbox = typedMailbox, let value = mailbox.pending,
      state.load(ordering: .acquiring) & ConduitState.closed == 0, takeDemand()
    else { return }
    mailbox.pending = nil
    deliver(value)
  }

  @usableFromInline
  final override func deliverQueuedWork() {
    registry.lock.lock()
    let mailbox = typedMailbox
    let events = mailbox?.events ?? []
    mailbox?.events = []
    let taken = state.bitwiseAnd(
      ~(ConduitState.work | ConduitState.missed), ordering: .acquiringAndReleasing
    ).oldValue
    // Values were sent while the subscriber was receiving its subscription: it is owed the latest,
    // kept in the mailbox, or, for a subject's own sink, which keeps nothing, delivered after the
    // events below, where the mailbox's would be.
    var latest: Output?
    if taken & ConduitState.missed != 0 {
      let current = unsafeDowncast(registry, to: SubjectCore<Output, Failure>.self).current
      if keepsPending { mailbox?.pending = current } else { latest = current }
    }
    registry.lock.unlock()
    for event in events {
      switch event {
      case .value(let value): offer(value)
      case .completion(let completion): complete(completion)
      }
    }
    if let latest { offer(latest) }
    if keepsPending { offerPending() }
  }

  @usableFromInline
  final override func waitingRoomLocked() -> ConduitWaitingRoom {
    if let mailbox = typedMailbox { return mailbox }
    let mailbox = ConduitMailbox<Output, Failure>(pending: nil)
    self.mailbox = mailbox
    return mailbox
  }

  // MARK: Queueing, under the registry's lock

  /// Queues `event` for the thread that holds the token; returns true if that thread let it go
  /// meanwhile and the caller now holds it, to settle the conduit itself.
  @inlinable
  final func enqueueLocked(_ event: ConduitEvent<Output, Failure>, by thread: UInt) -> Bool {
    let mailbox = typedMailbox ?? ConduitMailbox(pending: nil)
    if self.mailbox == nil { self.mailbox = mailbox }
    mailbox.events.append(event)
    return flagWorkLocked(by: thread)
  }
}

/// The conduit of any subscriber but a subject's own sink: it calls the subscriber through two
/// closures that take it as an argument instead of capturing it, built where the subscriber's type
/// is known. They are specialised (a method of a generic class overridden here would be reached
/// through its unspecialised entry point, and so would every operator behind it: the
/// `CurrentValueSubject -> removeDuplicates -> map -> sink` row of `make bench` went from 64 to 217
/// ns), and need no context of their own, so that making a conduit allocates only the conduit.
@usableFromInline
class CallingConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>, @unchecked Sendable {
  /// Hands a value to the subscriber and returns the extra demand it asks for.
  @usableFromInline final let valueCall: (AnyObject, Output) -> Subscribers.Demand
  /// Hands the completion to the subscriber.
  @usableFromInline final let completionCall: (AnyObject, Subscribers.Completion<Failure>) -> Void

  @inlinable
  init(
    registry: SubjectRegistry, subscriber: Unmanaged<AnyObject>,
    deliverValue: @escaping (AnyObject, Output) -> Subscribers.Demand,
    deliverCompletion: @escaping (AnyObject, Subscribers.Completion<Failure>) -> Void
  ) {
    valueCall = deliverValue
    completionCall = deliverCompletion
    super.init(registry: registry, subscriber: subscriber)
  }

  @inlinable
  final override func deliverValue(_ value: Output) -> Subscribers.Demand {
    subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef { valueCall($0, value) }
  }

  @inlinable
  final override func deliverCompletion(_ completion: Subscribers.Completion<Failure>) {
    subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef { completionCall($0, completion) }
  }
}

/// The conduit of a ``Subscribers/Sink``: its cancel from another thread waits for the delivery under
/// way, which keeps the sink's promise for it (see ``ConduitBase/cancelWaitsForDelivery``).
@usableFromInline
final class SinkConduit<Output, Failure: Error>: CallingConduit<Output, Failure>, @unchecked Sendable {
  @usableFromInline
  override var cancelWaitsForDelivery: Bool { true }
}
