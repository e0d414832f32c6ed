extension Publisher {
  /// Leaves out the first `count` values.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that leaves out the first values of its upstream.
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are left out.
    public let upstream: Upstream
    /// How many values are left out.
    public let count: Int

    /// Creates a publisher leaving out `upstream`'s first `count` values.
    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "dropFirst needs a count of zero or more")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` behind the values left out. As in Combine, the subscriber gets its
    /// subscription before the upstream is subscribed to, and the upstream is asked, as soon as it
    /// subscribes, for `count` values on top of whatever the subscriber asked for by then.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = DropInner(downstream: subscriber, count: count)
      inner.start()
      upstream.receive(subscriber: inner)
    }
  }

  /// The subscriber and subscription that ``Drop`` puts between its upstream and downstream.
  ///
  /// The values left out were asked for up front, so they use up no downstream demand. It takes one
  /// upstream subscription (a second is cancelled), ignores what arrives after the completion or a
  /// cancel, passes no request or cancel on after either, and lets go of the downstream at the end.
  /// `receive(_:)` calls are serialized by the upstream, so the count left needs no lock.
  final class DropInner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Before the upstream subscribes, the downstream's demand waits here.
    private struct State {
      var status = SubscriptionStatus.awaiting
      var pendingDemand = Subscribers.Demand.none
    }

    private let link: DownstreamLink<Downstream>
    private let state = LockedState.make(State())
    private let count: Int
    private let remaining: SerializedSlot<Int>

    init(downstream: Downstream, count: Int) {
      link = DownstreamLink(downstream)
      self.count = count
      remaining = SerializedSlot(count)
    }

    deinit {
      remaining.free()
    }

    var combineName: String { "Drop" }

    /// Hands the downstream this subscription.
    func start() {
      link.withPayload { $0.receive(subscription: self) }
    }

    func receive(subscription: any Subscription) {
      let demand: Subscribers.Demand? = state.withLock { state in
        guard state.status.accept(subscription) else { return nil }
        defer { state.pendingDemand = .none }
        return state.pendingDemand + count
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      link.withPayload { downstream in
        if remaining.value > 0 {
          remaining.value -= 1
          return .none
        }
        return downstream.receive(input)
      } ?? .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      _ = state.withLock { $0.status.terminate() }
      link.endAfter { $0.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
      let upstream: (any Subscription)? = state.withLock { state in
        if case .awaiting = state.status { state.pendingDemand += demand }
        return state.status.subscription
      }
      upstream?.request(demand)
    }

    func cancel() {
      let upstream = state.withLock { $0.status.terminate() }
      link.end()
      upstream?.cancel()
    }
  }
}
