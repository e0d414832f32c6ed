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

    /// The downstream, and the closures without the upstream publisher they came with.
    private struct Payload<Downstream: Subscriber> {
      let downstream: Downstream
      let receiveSubscription: ((any Subscription) -> Void)?
      let receiveOutput: ((Output) -> Void)?
      let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
      let receiveCancel: (() -> Void)?
      let receiveRequest: ((Subscribers.Demand) -> Void)?
    }

    /// Calls the closures as events pass. As in Combine, the downstream gets this object as its
    /// subscription; after the completion or a cancel nothing more is passed or reported, and the
    /// downstream and the closures are let go.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let link: DownstreamLink<Payload<Downstream>>
      private let status = LockedState.make(SubscriptionStatus.awaiting)

      init(downstream: Downstream, events: HandleEvents) {
        link = DownstreamLink(
          Payload(
            downstream: downstream, receiveSubscription: events.receiveSubscription,
            receiveOutput: events.receiveOutput, receiveCompletion: events.receiveCompletion,
            receiveCancel: events.receiveCancel, receiveRequest: events.receiveRequest))
      }

      var combineName: String { "HandleEvents" }

      func receive(subscription: any Subscription) {
        // As in Combine, a subscription is reported before it is checked: a second one while the
        // first is live is reported, then cancelled.
        link.withPayload { $0.receiveSubscription?(subscription) }
        guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
        link.withPayload { $0.downstream.receive(subscription: self) }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        link.withPayload { payload in
          payload.receiveOutput?(input)
          let more = payload.downstream.receive(input)
          if more != .none { payload.receiveRequest?(more) }
          return more
        } ?? .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        _ = status.withLock { $0.terminate() }
        link.endAfter { payload in
          payload.receiveCompletion?(completion)
          payload.downstream.receive(completion: completion)
        }
      }

      func request(_ demand: Subscribers.Demand) {
        link.withPayload { $0.receiveRequest?(demand) }
        status.withLock { $0.subscription }?.request(demand)
      }

      func cancel() {
        let upstream = status.withLock { $0.terminate() }
        link.endAfter { $0.receiveCancel?() }
        upstream?.cancel()
      }
    }
  }
}
