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

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let downstream: Downstream
      private let events: HandleEvents
      private let status = LockedState.make(SubscriptionStatus.awaiting)

      init(downstream: Downstream, events: HandleEvents) {
        self.downstream = downstream
        self.events = events
      }

      var description: String { "HandleEvents" }

      func receive(subscription: any Subscription) {
        guard status.withLock({ $0.accept(subscription) }) else {
          subscription.cancel()
          return
        }
        events.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        events.receiveOutput?(input)
        let more = downstream.receive(input)
        if more != .none { events.receiveRequest?(more) }
        return more
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        status.withLock { $0 = .terminal }
        events.receiveCompletion?(completion)
        downstream.receive(completion: completion)
      }

      func request(_ demand: Subscribers.Demand) {
        events.receiveRequest?(demand)
        status.withLock { $0.subscription }?.request(demand)
      }

      func cancel() {
        guard let upstream = status.withLock({ $0.terminate() }) else { return }
        events.receiveCancel?()
        upstream.cancel()
      }
    }
  }
}
