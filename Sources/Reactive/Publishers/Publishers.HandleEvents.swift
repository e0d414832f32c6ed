extension Publisher {
  /// Calls the given closures as events pass, without changing them: for logging, tracing and
  /// side effects such as drawing a timeline.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
  }
}

extension Publishers {
  /// A publisher that calls closures on the events passing through it.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher observed.
    public let upstream: Upstream
    /// Called when the upstream delivers its subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?
    /// Called with each value.
    public var receiveOutput: ((Output) -> Void)?
    /// Called with the completion.
    public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    /// Called when the downstream cancels.
    public var receiveCancel: (() -> Void)?
    /// Called with each request of the downstream.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates a publisher observing `upstream` with the given closures.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Attaches `subscriber` through the observer.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, events: self))
    }

    /// The closures, without the upstream publisher they came with.
    private struct Hooks {
      let receiveSubscription: ((any Subscription) -> Void)?
      let receiveOutput: ((Output) -> Void)?
      let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
      let receiveCancel: (() -> Void)?
      let receiveRequest: ((Subscribers.Demand) -> Void)?
    }

    /// Calls the closures as events pass. As Combine's (OpenCombine's HandleEventsTests), the
    /// downstream gets this object as its subscription once the upstream's arrives; the closures fall
    /// silent after the completion or a cancel (and are let go), but events still pass as they come:
    /// every completion, a value after it with the downstream's demand. A cancel before the upstream
    /// subscribed is reported and leaves the subscription that comes later alone. Each request is
    /// reported and passed on as it is, `.none` included. It keeps its downstream for its life.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private struct State {
        var status = SubscriptionStatus.awaiting
        var pendingDemand = Subscribers.Demand.none
        var hooks: Hooks?
      }

      private let downstream: Downstream
      private let state: LockedState<State>

      init(downstream: Downstream, events: HandleEvents) {
        self.downstream = downstream
        state = .make(
          State(
            hooks: Hooks(
              receiveSubscription: events.receiveSubscription, receiveOutput: events.receiveOutput,
              receiveCompletion: events.receiveCompletion, receiveCancel: events.receiveCancel,
              receiveRequest: events.receiveRequest)))
      }

      var combineName: String { "HandleEvents" }

      private var hooks: Hooks? { state.withLock { $0.hooks } }

      func receive(subscription: any Subscription) {
        // As in Combine, a subscription is reported before it is checked: a second one while the
        // first is live is reported, then cancelled.
        hooks?.receiveSubscription?(subscription)
        let pending: Subscribers.Demand? = state.withLock { state in
          guard state.status.accept(subscription) else { return nil }
          defer { state.pendingDemand = .none }
          return state.pendingDemand
        }
        guard let pending else { return subscription.cancel() }
        downstream.receive(subscription: self)
        if pending != .none { subscription.request(pending) }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        hooks?.receiveOutput?(input)
        let more = downstream.receive(input)
        if more != .none { hooks?.receiveRequest?(more) }
        return more
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        hooks?.receiveCompletion?(completion)
        let ended = state.withLock { state in
          _ = state.status.terminate()
          defer { state.hooks = nil }
          return state.hooks
        }
        // Let go of outside the lock: releasing a closure may run any code.
        withExtendedLifetime(ended) {}
        downstream.receive(completion: completion)
      }

      func request(_ demand: Subscribers.Demand) {
        hooks?.receiveRequest?(demand)
        let upstream: (any Subscription)? = state.withLock { state in
          if case .awaiting = state.status { state.pendingDemand += demand }
          return state.status.subscription
        }
        upstream?.request(demand)
      }

      func cancel() {
        hooks?.receiveCancel?()
        let (upstream, ended): ((any Subscription)?, Hooks?) = state.withLock { state in
          guard state.status.subscription != nil else { return (nil, nil) }
          defer { state.hooks = nil }
          return (state.status.terminate(), state.hooks)
        }
        withExtendedLifetime(ended) {}
        upstream?.cancel()
      }
    }
  }
}
