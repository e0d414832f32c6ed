import Synchronization

/// The state and delivery shared by ``PassthroughSubject``, ``CurrentValueSubject`` and
/// ``ObservableObjectPublisher``: the current value, the completion, and sending, which callers
/// specialise through `@inlinable`.
///
/// See ``SubjectRegistry`` for how a send reaches the subscribers without holding a lock while it
/// calls them. Everything stored here is guarded by the registry's lock.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: SubjectRegistry, @unchecked Sendable {
  /// The current value of a replaying subject.
  @usableFromInline @exclusivity(unchecked) var current: Output?
  /// The completion, once the subject has completed.
  @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?

  @usableFromInline
  init(kind: SubjectKind, current: Output?) {
    self.current = current
    super.init(kind: kind)
  }

  /// The current value of a replaying subject.
  @inlinable
  var currentValue: Output {
    lock.lock()
    defer { lock.unlock() }
    return current.unsafelyUnwrapped
  }

  /// Delivers `value` to every subscriber that has demand; a replaying subject first makes it its
  /// current value. After completion nothing is delivered, and only `storingAfterCompletion` still
  /// changes the current value (setting a `CurrentValueSubject`'s `value` does, as in Combine).
  @inlinable
  func send(_ value: Output, storingAfterCompletion: Bool = false) {
    // The value replaced, let go of only after the lock: releasing it may run code that uses the
    // subject.
    var replaced: Output?
    defer { withExtendedLifetime(replaced) {} }
    lock.lock()
    if finished {
      if storingAfterCompletion {
        replaced = current
        current = value
      }
      lock.unlock()
      return
    }
    if replays {
      replaced = current
      current = value
    }
    let count = self.count
    guard count > 0 else {
      lock.unlock()
      return
    }
    let thread = currentThreadIdentifier()
    withUnsafeTemporaryAllocation(of: ConduitClaim.self, capacity: count) { claims in
      let claimed = claimLocked(into: claims, by: thread, queueing: .value(value), skipsSubscribing: true)
      lock.unlock()
      if claimed == 1 {
        claims[0].conduit._withUnsafeGuaranteedRef { base in
          let conduit = unsafeDowncast(base, to: SubjectConduit<Output, Failure>.self)
          if claims[0].role != .takenOver { conduit.offer(value) }
          // May end and free the conduit; nothing touches it after.
          if claims[0].role != .nested { conduit.releaseToken() }
        }
        return
      }
      for claim in claims[..<claimed] where claim.role != .takenOver {
        claim.conduit._withUnsafeGuaranteedRef {
          unsafeDowncast($0, to: SubjectConduit<Output, Failure>.self).offer(value)
        }
      }
      releaseTokens(claims, claimed)
    }
  }

  /// Ends the stream: delivers `completion` to every subscriber, after what was sent before it;
  /// later completions are ignored.
  @usableFromInline
  func send(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    if finished {
      lock.unlock()
      return
    }
    finished = true
    self.completion = completion
    let thread = currentThreadIdentifier()
    withUnsafeTemporaryAllocation(of: ConduitClaim.self, capacity: count) { claims in
      let claimed = claimLocked(
        into: claims, by: thread, queueing: .completion(completion), skipsSubscribing: false)
      lock.unlock()
      for index in 0..<claimed {
        let claim = claims[index]
        claim.conduit._withUnsafeGuaranteedRef { base in
          let conduit = unsafeDowncast(base, to: SubjectConduit<Output, Failure>.self)
          switch claim.role {
          case .claimed:
            conduit.complete(completion)
            conduit.releaseToken()
          case .nested:
            conduit.complete(completion)
          case .takenOver:
            conduit.releaseToken()
          }
        }
      }
    }
  }

  /// Walks the list and takes the token of every open conduit whose token is free, notes those whose
  /// token this thread already holds, and queues `event` for the others; a value
  /// (`skipsSubscribing`) skips a subscriber still receiving its subscription on another thread.
  /// Returns how many conduits it wrote to `claims`, in list order. Call holding the lock.
  @inlinable
  func claimLocked(
    into claims: UnsafeMutableBufferPointer<ConduitClaim>, by thread: UInt,
    queueing event: @autoclosure () -> ConduitEvent<Output, Failure>, skipsSubscribing: Bool
  ) -> Int {
    var claimed = 0
    var link = head
    while let reference = link {
      reference._withUnsafeGuaranteedRef { base in
        link = base.next
        let state = base.state.load(ordering: .acquiring)
        guard state & ConduitState.closed == 0 else { return }
        if state & ConduitState.subscribing != 0, skipsSubscribing {
          if ConduitState.holder(state) == thread {
            // Sent from inside its own subscribing, delivered at once: this is the latest value now.
            base.state.bitwiseAnd(~ConduitState.missed, ordering: .relaxed)
          } else if !replays || base.noteMissedLocked() {
            // Not yet a subscriber this value goes to; a replaying one is owed the latest value.
            return
          }
          // Otherwise the subscribing thread let the token go since the load above: the conduit is
          // idle now, a subscriber like any other.
        }
        if let role = base.claimLocked(by: thread) {
          claims[claimed] = ConduitClaim(base, role)
          claimed += 1
        } else if unsafeDowncast(base, to: SubjectConduit<Output, Failure>.self).enqueueLocked(
          event(), by: thread)
        {
          claims[claimed] = ConduitClaim(base, .takenOver)
          claimed += 1
        }
      }
    }
    return claimed
  }

  /// Attaches `subscriber`: it receives its subscription (holding the delivery token, so that no
  /// other thread's send calls it meanwhile), or, after completion, an empty one and the completion.
  /// `parent` is the subject, which the subscription keeps alive while it lasts.
  @inlinable
  func attach<S: Subscriber>(_ subscriber: S, parent: AnyObject?)
  where S.Input == Output, S.Failure == Failure {
    let conduit = SubjectConduit.make(for: subscriber, registry: self)
    let linked = link(conduit, parent: parent, keepingCurrentInMailbox: true) { conduit, _ in
      subscriber.receive(subscription: conduit)
    }
    if let completion = linked {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
    }
  }

  /// Attaches the closures of a subject's own `sink`, as ``attach(_:parent:)`` attaches a
  /// ``Subscribers/Sink`` made of them, and returns the cancellable `sink` returns: the conduit asks
  /// for every value as the sink would, and after completion the completion closure is called.
  @inlinable
  func attachSink(_ bodies: SinkBodies<Output, Failure>, parent: AnyObject?) -> AnyCancellable {
    let conduit = BodiesConduit<Output, Failure>(
      registry: self, subscriber: .passRetained(bodies))
    // What `request(.unlimited)` does, here where the value type is known: the current value of a
    // replaying subject goes straight to the closure, with no mailbox made for it and no generic
    // code run (the `subscribe + cancel, CurrentValueSubject` row of `make bench`).
    let linked = link(conduit, parent: parent, keepingCurrentInMailbox: false) { conduit, current in
      conduit.demand.store(ConduitBase.unlimited, ordering: .relaxed)
      if !demanded.load(ordering: .acquiring) { acknowledgeDemand() }
      if let current { conduit.offer(current) }
    }
    if let completion = linked {
      bodies.receive(completion: completion)
      return AnyCancellable(Subscriptions.empty)
    }
    return AnyCancellable(conduit)
  }

  /// Links `conduit` into the list and calls `subscribing` with it, holding its token (so that no
  /// other thread's send delivers meanwhile), then lets the token go; `parent`, the subject, is kept
  /// alive while the list holds a subscription. After completion, returns the completion instead and
  /// links nothing.
  ///
  /// A replaying subject's current value, as it is when the conduit is linked, waits in the
  /// conduit's mailbox for the subscriber's first request (`keepingCurrentInMailbox`), or is handed
  /// to `subscribing`, for a caller that delivers it itself.
  @inlinable
  func link(
    _ conduit: SubjectConduit<Output, Failure>, parent: AnyObject?, keepingCurrentInMailbox: Bool,
    subscribing: (SubjectConduit<Output, Failure>, Output?) -> Void
  ) -> Subscribers.Completion<Failure>? {
    // The reference the list will hold; it keeps the conduit alive for the rest of this call too,
    // as the conduit can only leave the list once this thread lets its token go.
    let reference = Unmanaged<ConduitBase>.passRetained(conduit)
    // Made before taking the lock, which is held only for a few instructions.
    let mailbox = replays && keepingCurrentInMailbox ? ConduitMailbox<Output, Failure>(pending: nil) : nil
    var handed: Output?
    lock.lock()
    if finished {
      let completion = self.completion.unsafelyUnwrapped
      lock.unlock()
      reference.release()
      return completion
    }
    if let mailbox {
      mailbox.pending = current
      conduit.mailbox = mailbox
    } else if replays {
      handed = current
    }
    if count == 0 { self.parent = parent }
    link(reference)
    lock.unlock()
    subscribing(conduit, handed)
    // May end and free the conduit; nothing touches it after.
    conduit.releaseToken()
    return nil
  }
}
