import Synchronization

/// The part of a subject that does not depend on its value type: its subscriber list, the lock that
/// guards it, and the upstream subscriptions the subject was given.
///
/// No lock is held while a subscriber is called. A send takes `lock`, walks the list and takes each
/// conduit's delivery token (``ConduitState/busy``), or queues the value in the mailbox of a conduit
/// whose token another thread holds; it lets go of the lock, then calls the subscribers it holds the
/// token of. Whoever holds a token delivers what was queued for it before letting it go. So each
/// subscriber is called by one thread at a time, in the order in which sends took the lock, and a
/// thread waits for another only for the few instructions of a critical section: a sink may wait for
/// a thread that subscribes, cancels or sends to the same subject, and subjects may feed each other.
///
/// A send from inside a delivery, on the thread that holds the token, is delivered at once,
/// recursively, as Combine does (its conduits hold a recursive lock while calling a subscriber).
/// A value from another thread skips a conduit whose subscriber is still receiving its subscription
/// (``ConduitState/subscribing``), so that subscribing never delivers others' values.
///
/// A token holder delivers what others queue for it for as long as they do. It cannot leave that
/// work to them without breaking one of two promises: that every value has been delivered once all
/// sends have returned (the senders have left), or that a sender never waits for a subscriber (a
/// sender waiting for a busy subscriber deadlocks subjects that feed each other from several threads).
///
/// The list is doubly linked, so that subscribing and cancelling cost the same however many
/// subscribers there are. It holds a reference to each conduit; a conduit leaves it only when it is
/// closed and whoever held its token (or the canceller of an idle one) lets it go, so a conduit whose
/// token is held stays alive without being retained.
@usableFromInline
class SubjectRegistry: @unchecked Sendable {
  /// Guards the list, the counters below, and each conduit's links, mailbox and subscriber, and the
  /// holder named in its state.
  /// Held only for a few instructions (or a walk of the list), never while anyone's code runs.
  @usableFromInline final let lock = BriefLock()
  @usableFromInline final let kind: SubjectKind
  /// Whether a new subscriber is owed the current value, and a subscriber without demand the latest.
  @usableFromInline final let replays: Bool

  @usableFromInline @exclusivity(unchecked) final var head: Unmanaged<ConduitBase>?
  @usableFromInline @exclusivity(unchecked) final var tail: Unmanaged<ConduitBase>?
  /// How many conduits the list holds.
  @usableFromInline @exclusivity(unchecked) final var count = 0
  /// The subject, kept alive while the list holds any subscription, as Combine's subscriptions keep
  /// theirs: set as the first is linked, let go (outside the lock, by ``ConduitEnding``) as the last
  /// leaves. Kept here rather than by each subscription: 8 bytes fewer per subscriber (the memory
  /// row of `make bench`).
  @usableFromInline @exclusivity(unchecked) final var parent: AnyObject?
  /// Whether the subject has completed: it sends nothing more, and new subscribers get the completion.
  @usableFromInline @exclusivity(unchecked) final var finished = false
  /// The subscriptions the subject was given with `send(subscription:)`, cancelled when it goes away.
  @exclusivity(unchecked) final var upstreams: [any Subscription] = []
  /// Whether any subscriber has requested values: from then on, a passthrough subject requests
  /// unlimited values from each upstream it is given.
  @usableFromInline final let demanded = Atomic<Bool>(false)

  @usableFromInline
  init(kind: SubjectKind) {
    self.kind = kind
    replays = kind == .currentValue || kind == .published
  }

  /// How many subscribers are attached (closed ones whose delivery is still ending included).
  final var subscriberCount: Int {
    lock.withLock { count }
  }

  /// Appends a conduit to the list, which takes over the reference. Call holding `lock`.
  @usableFromInline
  final func link(_ reference: Unmanaged<ConduitBase>) {
    let conduit = reference.takeUnretainedValue()
    conduit.previous = tail
    conduit.next = nil
    if let tail {
      tail._withUnsafeGuaranteedRef { $0.next = reference }
    } else {
      head = reference
    }
    tail = reference
    count += 1
  }

  /// Takes `conduit` out of the list and hands back the list's reference to it, to release once the
  /// lock is let go (releasing it may free the conduit). Call holding `lock`.
  @usableFromInline
  final func unlink(_ conduit: ConduitBase) -> Unmanaged<ConduitBase> {
    let previous = conduit.previous
    let next = conduit.next
    if let previous {
      previous._withUnsafeGuaranteedRef { $0.next = next }
    } else {
      head = next
    }
    if let next {
      next._withUnsafeGuaranteedRef { $0.previous = previous }
    } else {
      tail = previous
    }
    conduit.previous = nil
    conduit.next = nil
    count -= 1
    return Unmanaged.passUnretained(conduit)
  }

  /// Lets go of the tokens a send took, all under one lock rather than with an atomic operation
  /// each, then settles the conduits that were sent work or closed meanwhile. Reuses `claims`, whose
  /// first `claimed` entries it reads.
  @usableFromInline
  final func releaseTokens(_ claims: UnsafeMutableBufferPointer<ConduitClaim>, _ claimed: Int) {
    var unsettled = 0
    lock.lock()
    for index in 0..<claimed where claims[index].role != .nested {
      let released = claims[index].conduit._withUnsafeGuaranteedRef { conduit in
        // Under the lock only the token holder writes the state of a busy conduit.
        guard conduit.state.load(ordering: .relaxed) & ConduitState.flags == ConduitState.busy else {
          return false
        }
        conduit.state.store(0, ordering: .releasing)
        return true
      }
      if !released {
        claims[unsettled] = claims[index]
        unsettled += 1
      }
    }
    lock.unlock()
    for claim in claims[..<unsettled] {
      // May end and free the conduit; nothing touches it after.
      claim.conduit._withUnsafeGuaranteedRef { $0.settle() }
    }
  }

  /// Keeps an upstream subscription; requests unlimited values from it at once if the subject replays
  /// or a subscriber has already demanded.
  final func accept(upstream subscription: any Subscription) {
    let requestNow: Bool = lock.withLock {
      upstreams.append(subscription)
      return replays || demanded.load(ordering: .relaxed)
    }
    if requestNow { subscription.request(.unlimited) }
  }

  /// Notes that a subscriber demanded; the first time, requests unlimited values from every upstream.
  @usableFromInline
  final func acknowledgeDemand() {
    let upstreams: [any Subscription]? = lock.withLock {
      guard !demanded.load(ordering: .relaxed) else { return nil }
      demanded.store(true, ordering: .releasing)
      return replays ? [] : self.upstreams
    }
    for upstream in upstreams ?? [] { upstream.request(.unlimited) }
  }

  /// Cancels the upstream subscriptions; for the subject's deinit.
  final func cancelUpstreams() {
    let upstreams = lock.withLock {
      defer { self.upstreams = [] }
      return self.upstreams
    }
    for upstream in upstreams { upstream.cancel() }
  }
}
