extension Publisher {
  /// Subscribes to this publisher again when it fails, up to `retries` times; the failure after the
  /// last retry ends the stream.
  ///
  /// The downstream sees one stream: its subscription arrives with the first upstream subscription,
  /// and demand it requested and did not receive is requested from each new subscription. A negative
  /// count retries for ever, and `retry(0)` passes the first failure on.
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream again when it fails.
  public struct Retry<Upstream: Publisher>: Publisher {
    /// The values of every subscription to the upstream, in turn.
    public typealias Output = Upstream.Output
    /// Fails with the failure after the last retry.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to again.
    public let upstream: Upstream
    /// How many times to subscribe again; `nil` (or a negative count) for ever.
    public let retries: Int?

    /// Creates a publisher that subscribes to `upstream` again up to `retries` times after it fails.
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Attaches `subscriber`, and subscribes to the upstream.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let remaining = retries.flatMap { $0 < 0 ? nil : $0 }
      Inner(upstream: upstream, remaining: remaining, downstream: subscriber).subscribeUpstream()
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry {
  /// Each subscription to the upstream is made by an ``Attempt`` carrying its number, so that events
  /// from an upstream given up on are ignored. A failure that arrives while the upstream is being
  /// subscribed to (a publisher that fails at once) is retried by the loop in ``subscribeUpstream()``
  /// when that subscribe returns, not from inside it, so that retrying for ever does not grow the stack.
  private final class Inner<Downstream: Subscriber>: Subscription, CombineReflecting, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private enum Phase {
      /// Attempt `number` is subscribing and has no subscription yet.
      case awaiting(number: Int)
      case subscribed(number: Int, any Subscription)
      case ended
    }

    private struct State {
      var phase = Phase.awaiting(number: 0)
      var downstream: Downstream?
      /// Retries left; `nil` for ever.
      var remaining: Int?
      /// Requested by the downstream and not yet delivered.
      var demand = Subscribers.Demand.none
      /// Whether the downstream has its subscription.
      var handedDownstream = false
      /// Whether a subscribe to the upstream is under way.
      var subscribing = false
      /// Whether a failure during that subscribe asked for another attempt.
      var retryPending = false

      /// Whether events from attempt `number` count.
      func isCurrent(_ number: Int) -> Bool {
        switch phase {
        case .awaiting(let current), .subscribed(let current, _): current == number
        case .ended: false
        }
      }

      var subscription: (any Subscription)? {
        if case .subscribed(_, let subscription) = phase { return subscription }
        return nil
      }

      mutating func end() -> Downstream? {
        defer {
          phase = .ended
          downstream = nil
        }
        return downstream
      }
    }

    /// What a completion from an attempt leads to.
    private enum AfterCompletion {
      case ignore
      case deliver(Downstream?)
      case retry
      case retryLater
    }

    private let upstream: Upstream
    private let state: LockedState<State>

    init(upstream: Upstream, remaining: Int?, downstream: Downstream) {
      self.upstream = upstream
      state = .make(State(downstream: downstream, remaining: remaining))
    }

    var combineName: String { "Retry" }

    /// Subscribes to the upstream for the current attempt, and again for as long as an attempt fails
    /// while it is being subscribed and retries are left.
    func subscribeUpstream() {
      while let number = state.withLock({ state -> Int? in
        guard case .awaiting(let number) = state.phase else { return nil }
        state.subscribing = true
        return number
      }) {
        upstream.receive(subscriber: Attempt(parent: self, number: number))
        let again = state.withLock { state in
          defer {
            state.subscribing = false
            state.retryPending = false
          }
          return state.retryPending
        }
        guard again else { return }
      }
    }

    fileprivate func receive(subscription: any Subscription, attempt number: Int) {
      let handOn: (downstream: Downstream?, demand: Subscribers.Demand)? = state.withLock { state in
        guard case .awaiting(number) = state.phase else { return nil }
        state.phase = .subscribed(number: number, subscription)
        guard state.handedDownstream else {
          state.handedDownstream = true
          return (state.downstream, .none)
        }
        return (nil, state.demand)
      }
      guard let handOn else { return subscription.cancel() }
      if let downstream = handOn.downstream {
        downstream.receive(subscription: self)
      } else if handOn.demand != .none {
        subscription.request(handOn.demand)
      }
    }

    fileprivate func receive(_ input: Output, attempt number: Int) -> Subscribers.Demand {
      let downstream: Downstream? = state.withLock { state in
        guard state.isCurrent(number) else { return nil }
        precondition(state.demand != .none, "retry received a value its subscriber did not request")
        state.demand -= 1
        return state.downstream
      }
      guard let downstream else { return .none }
      let more = downstream.receive(input)
      guard more != .none else { return .none }
      state.withLock { state -> (any Subscription)? in
        guard state.isCurrent(number) else { return nil }
        state.demand += more
        return state.subscription
      }?.request(more)
      return .none
    }

    fileprivate func receive(completion: Subscribers.Completion<Failure>, attempt number: Int) {
      let next: AfterCompletion = state.withLock { state in
        guard state.isCurrent(number) else { return .ignore }
        if case .failure = completion, state.remaining != 0 {
          state.remaining = state.remaining.map { $0 - 1 }
          state.phase = .awaiting(number: number + 1)
          guard state.subscribing else { return .retry }
          state.retryPending = true
          return .retryLater
        }
        return .deliver(state.end())
      }
      switch next {
      case .ignore, .retryLater: break
      case .deliver(let downstream): downstream?.receive(completion: completion)
      case .retry: subscribeUpstream()
      }
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      state.withLock { state -> (any Subscription)? in
        if case .ended = state.phase { return nil }
        // Counted between attempts too: the next subscription is asked for it.
        state.demand += demand
        return state.subscription
      }?.request(demand)
    }

    func cancel() {
      state.withLock { state -> (any Subscription)? in
        defer { _ = state.end() }
        return state.subscription
      }?.cancel()
    }
  }

  /// The subscriber of one subscription to the upstream. It is a subscription too, as Combine's
  /// inner subscriber is (OpenCombine's `testRetryRequestBeforeSubscription` and
  /// `testRetryCancelBeforeSubscription` call it as one): a request or cancel made of it is the
  /// downstream's, made of the retry. It reflects as Combine's does: "Retry", with no children
  /// (OpenCombine's `testRetryReflection`).
  private struct Attempt<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    let parent: Inner<Downstream>
    let number: Int
    let combineIdentifier = CombineIdentifier()

    var description: String { "Retry" }

    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      parent.receive(subscription: subscription, attempt: number)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      parent.receive(input, attempt: number)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      parent.receive(completion: completion, attempt: number)
    }

    func request(_ demand: Subscribers.Demand) {
      parent.request(demand)
    }

    func cancel() {
      parent.cancel()
    }
  }
}
