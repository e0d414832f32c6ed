extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Passes on the values of the latest publisher this publisher delivered, cancelling the one before
  /// it each time a new one comes.
  ///
  /// Upstream is asked for every publisher; the latest one is asked for the demand the downstream has
  /// left, and each of its values returns the demand the downstream answered with. A value the
  /// downstream did not ask for, or a zero request, traps as in Combine. The stream finishes once upstream and the latest publisher have finished, and fails as soon
  /// as either fails.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// Passes on the values of the latest publisher delivered by this publisher, which cannot fail.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
  {
    Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never, Failure == Never {
  /// Passes on the values of the latest publisher delivered, neither able to fail.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Passes on the values of the latest publisher delivered, which cannot fail, by this publisher,
  /// which may.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    Publishers.SwitchToLatest(upstream: map { $0.setFailureType(to: Failure.self) })
  }
}

extension Publishers {
  /// A publisher that passes on the values of the latest publisher its upstream delivered.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where P == Upstream.Output, P.Failure == Upstream.Failure {
    /// The publishers' values.
    public typealias Output = P.Output
    /// Fails when upstream or the latest publisher fails.
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Creates a publisher switching to each publisher `upstream` delivers.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Hands `subscriber` its subscription at once, before upstream hands one over (as Combine's
    /// does), then subscribes to upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Publishers.SwitchToLatestInner<P, S>(
        downstream: subscriber, state: SwitchToLatestState(), output: { $0 })
      inner.attachDownstream()
      upstream.receive(subscriber: inner)
    }
  }
}

extension Publishers {
  /// Subscribes to upstream, and to each publisher it delivers in turn. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class SwitchToLatestInner<P: Publisher, Downstream: Subscriber>: FanInSubscription<
    SwitchToLatestState<P.Output, P.Failure>, Downstream
  >, Subscriber, @unchecked Sendable
  where Downstream.Input == P.Output, Downstream.Failure == P.Failure {
    @usableFromInline typealias Input = P
    @usableFromInline typealias Failure = P.Failure

    @usableFromInline let outer = LockedState.make(SubscriptionStatus.awaiting)

    @usableFromInline override var description: String { "SwitchToLatest" }

    @inlinable
    func receive(subscription: any Subscription) {
      guard outer.withLock({ $0.accept(subscription) }) else {
        subscription.cancel()
        return
      }
      subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: P) -> Subscribers.Demand {
      guard outer.withLock({ $0.subscription != nil }) else { return .none }
      if let source = updateReturning({ $0.switchToNext() }) {
        input.receive(subscriber: side(source, lift: { $0 }))
      }
      return .none
    }

    /// Upstream's completion, even one that comes before its subscription (as Combine's); one after a
    /// cancel or an earlier completion is ignored.
    @inlinable
    func receive(completion: Subscribers.Completion<P.Failure>) {
      let ended = outer.withLock { status -> Bool in
        if case .terminal = status { return true }
        status = .terminal
        return false
      }
      guard !ended else { return }
      switch completion {
      case .finished:
        update { state in
          state.finishUpstream()
          return .none
        }
      case .failure(let failure):
        update { $0.failUpstream(failure) }
      }
    }

    @inlinable
    override func sourceReceive(completion: Subscribers.Completion<P.Failure>, source: Int) {
      super.sourceReceive(completion: completion, source: source)
      if case .failure = completion, updateReturning({ ($0.hasEnded, .none) }) {
        outer.withLock { $0.terminate() }?.cancel()
      }
    }

    /// A zero request is a broken contract that Combine's switchToLatest traps on.
    @inlinable
    override func request(_ demand: Subscribers.Demand) {
      precondition(demand != .none, "a subscriber must request at least one value")
      super.request(demand)
    }

    @inlinable
    override func cancel() {
      super.cancel()
      outer.withLock { $0.terminate() }?.cancel()
    }
  }
}
