extension Publisher {
  /// Turns each value into a publisher with `transform` and interleaves the values of all of them.
  ///
  /// At most `maxPublishers` of them are subscribed at a time: that many values are requested from
  /// upstream at first, and one more each time a publisher finishes. The stream finishes once upstream
  /// and every publisher have finished; the first failure, upstream's or a publisher's, ends it at once
  /// and cancels the other publishers. As Combine's, a publisher's failure leaves upstream uncancelled,
  /// its later events ignored.
  @inlinable
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }

  /// Turns each value into a publisher that cannot fail and interleaves their values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
      transform($0).setFailureType(to: Failure.self)
    }
  }
}

extension Publisher where Failure == Never {
  /// Turns each value of this publisher, which cannot fail, into a publisher that may, and interleaves
  /// their values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    Publishers.FlatMap(
      upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
  }

  /// Turns each value into a publisher, neither able to fail, and interleaves their values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publishers {
  /// A publisher that turns each upstream value into a publisher and interleaves their values.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The values of the publishers made.
    public typealias Output = NewPublisher.Output
    /// Fails when upstream or a publisher made fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are turned into publishers.
    public let upstream: Upstream
    /// How many publishers made may be subscribed at once.
    public let maxPublishers: Subscribers.Demand
    /// Makes a publisher of a value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a publisher flat-mapping `upstream` with `transform`, at most `maxPublishers` at once.
    @inlinable
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Gives `subscriber` its subscription, then subscribes to upstream, as Combine's does: the
    /// downstream has its subscription before the upstream's arrives (OpenCombine's
    /// `FlatMapTests.testFlatMapReceiveValueBeforeSubscription`), and what it requests meanwhile waits.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = FlatMapInner<Upstream.Output, NewPublisher, S>(
        downstream: subscriber, maxPublishers: maxPublishers, transform: transform)
      inner.attachDownstream()
      upstream.receive(subscriber: inner)
    }
  }
}

extension Publishers {
  /// Subscribes to upstream, to each publisher it makes, and merges their values for the downstream.
  @usableFromInline
  final class FlatMapInner<Input, Child: Publisher, Downstream: Subscriber>: FanInSubscription<
    MergeState<Downstream.Input, Downstream.Failure>, Downstream
  >, Subscriber, @unchecked Sendable
  where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    struct Outer {
      @usableFromInline var status = SubscriptionStatus.awaiting
      @usableFromInline var transform: ((Input) -> Child)?
      /// Whether upstream's failure is cancelling the publishers, for the trap on another meanwhile.
      @usableFromInline var failing = false

      @inlinable
      init(transform: @escaping (Input) -> Child) {
        self.transform = transform
      }
    }

    @usableFromInline let outer: LockedState<Outer>
    @usableFromInline let maxPublishers: Subscribers.Demand

    @inlinable
    init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Child) {
      outer = .make(Outer(transform: transform))
      self.maxPublishers = maxPublishers
      super.init(downstream: downstream, state: MergeState(rules: .flatMap), output: { $0 })
    }

    @usableFromInline override var description: String { "FlatMap" }

    @inlinable
    func receive(subscription: any Subscription) {
      guard outer.withLock({ $0.status.accept(subscription) }) else {
        subscription.cancel()
        return
      }
      if maxPublishers != .none { subscription.request(maxPublishers) }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      guard let transform = outer.withLock({ $0.status.subscription == nil ? nil : $0.transform }) else {
        return .none
      }
      let child = transform(input)
      if let id = updateReturning({ state in (state.addSource(), .none) }) {
        child.receive(subscriber: side(id, lift: { $0 }))
      }
      return .none
    }

    /// Ends the stream once its children have; a completion before the upstream's subscription too,
    /// as Combine's does (`FlatMapTests.testFlatMapReceiveCompletionBeforeSubscription`). Another
    /// failure while upstream's cancels the publishers traps, as Combine's
    /// (`FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation`).
    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      let (ended, again) = outer.withLock { outer -> (Bool, Bool) in
        if case .terminal = outer.status { return (false, outer.failing) }
        outer.transform = nil
        outer.status = .terminal
        if case .failure = completion { outer.failing = true }
        return (true, false)
      }
      precondition(!again, "flatMap's upstream completed again while its failure cancelled the publishers")
      guard ended else { return }
      switch completion {
      case .finished:
        update { state in
          state.closeSources()
          return .none
        }
      case .failure(let failure):
        update { $0.fail(failure, keeping: nil) }
        outer.withLock { $0.failing = false }
      }
    }

    @inlinable
    override func sourceReceive(completion: Subscribers.Completion<Failure>, source: Int) {
      super.sourceReceive(completion: completion, source: source)
      switch completion {
      case .finished:
        guard maxPublishers != .unlimited, !updateReturning({ ($0.hasEnded, .none) }) else { return }
        outer.withLock { $0.status.subscription }?.request(.max(1))
      case .failure:
        // Combine's leaves upstream uncancelled, only no longer listened to
        // (OpenCombine's `FlatMapTests.testAllSubscriptionsReleasedOnChildFailure`).
        if updateReturning({ ($0.hasEnded, .none) }) { endOuter() }
      }
    }

    /// A zero request is a broken contract that Combine's flatMap traps on (OpenCombine's
    /// `FlatMapTests.testCrashesWhenRequestedZeroDemand`).
    @inlinable
    override func request(_ demand: Subscribers.Demand) {
      precondition(demand != .none, "a subscriber must request at least one value")
      super.request(demand)
    }

    @inlinable
    override func cancel() {
      super.cancel()
      endOuter()?.cancel()
    }

    /// Ends the upstream side, letting the transform go; returns the upstream subscription if it was
    /// still held.
    @discardableResult
    @inlinable
    func endOuter() -> (any Subscription)? {
      outer.withLock { outer in
        outer.transform = nil
        return outer.status.terminate()
      }
    }
  }
}
