extension Publishers {
  /// A publisher that connects its connectable upstream when the first subscriber arrives and
  /// disconnects it when the last one cancels; a subscriber after that connects it again.
  ///
  /// As Combine's, it puts nothing of its own between the upstream and the subscriber: every event
  /// passes through as it comes (also before the upstream's subscription and after its completion),
  /// the demand a value returns is the subscriber's, and the subscriber is handed the upstream's
  /// subscription, described and identified as it is, whose cancel also counts the subscriber out.
  /// Each subscriber is attached before the connection is made, so the first sees the first values.
  /// A subscriber that receives a completion still counts until it cancels (Combine's subscribers
  /// stop calling cancel once they are complete), so an upstream that has completed is not run again.
  /// A subscriber attached while the first is still being attached connects the upstream a second
  /// time, as in Combine.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private enum State {
      case disconnected
      case connected(subscribers: Int, connection: any Cancellable)
    }

    /// The connectable publisher.
    public final let upstream: Upstream
    // Guarded by its own mutex (`LockedState`).
    private let state = LockedState.make(State.disconnected)

    /// Creates a publisher connecting `upstream` on demand.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to the upstream, then connects if no connection is up.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(parent: self, downstream: subscriber)
      let isConnected: Bool = state.withLock { state in
        guard case .connected(let subscribers, let connection) = state else { return false }
        state = .connected(subscribers: subscribers + 1, connection: connection)
        return true
      }
      upstream.subscribe(inner)
      guard !isConnected else { return }
      let connection = upstream.connect()
      state.withLock { $0 = .connected(subscribers: 1, connection: connection) }
    }

    /// Counts a subscriber out; the last one out takes the connection down.
    fileprivate func subscriberCancelled() {
      let connection: (any Cancellable)? = state.withLock { state in
        guard case .connected(let subscribers, let connection) = state else { return nil }
        guard subscribers <= 1 else {
          state = .connected(subscribers: subscribers - 1, connection: connection)
          return nil
        }
        state = .disconnected
        return connection
      }
      connection?.cancel()
    }
  }
}

extension Publishers.Autoconnect {
  /// What the upstream is subscribed with: it hands every event to the downstream as it comes.
  private struct Inner<Downstream: Subscriber>: Subscriber, CombineReflecting
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let parent: Publishers.Autoconnect<Upstream>
    let downstream: Downstream

    var combineName: String { "Autoconnect" }
    var reflectedChildren: [Mirror.Child] { [("parent", parent), ("downstream", downstream)] }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: CountedSubscription(upstream: subscription, parent: parent))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }

  /// The upstream's subscription as the downstream is handed it: described and identified as the
  /// upstream's, and counting the subscriber out of the connection when cancelled.
  private struct CountedSubscription: Subscription, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
  {
    let upstream: any Subscription
    let parent: Publishers.Autoconnect<Upstream>

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
    var description: String { String(describing: upstream) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
      upstream.request(demand)
    }

    func cancel() {
      parent.subscriberCancelled()
      upstream.cancel()
    }
  }
}
