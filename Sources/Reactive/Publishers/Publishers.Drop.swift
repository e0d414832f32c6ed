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

    /// Creates a publisher leaving out `upstream`'s first `count` values. As in Combine, a negative
    /// count traps when a subscriber attaches, not here.
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` behind the values left out. As in Combine, the subscriber gets its
    /// subscription before the upstream is subscribed to, and the upstream is asked, as soon as it
    /// subscribes, for `count` values on top of whatever the subscriber asked for by then.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      precondition(count >= 0, "dropFirst needs a count of zero or more, not \(count)")
      let inner = DropInner(downstream: subscriber, count: count)
      subscriber.receive(subscription: inner)
      upstream.receive(subscriber: inner)
    }
  }

  /// The subscriber and subscription that ``Drop`` puts between its upstream and downstream.
  ///
  /// The values left out were asked for up front, so they use up no downstream demand. As Combine's,
  /// it has no end of its own (OpenCombine's DropTests): a completion reaches the downstream every
  /// time the upstream sends one, and lets go of the upstream's subscription, after which demand
  /// waits for a next subscription, which is kept and asked for it together with the values still to
  /// leave out; a value passes on (or is left out) whenever it comes, and returns the downstream's
  /// demand. A second subscription while one is held is cancelled. Cancelling cancels the one held.
  /// It keeps the downstream for as long as it lives, as Combine's does. `receive(_:)` calls are
  /// serialized by the upstream, so the count left needs no lock.
  final class DropInner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// The upstream's subscription while one is held, and the demand waiting for one.
    private struct State {
      var upstream: (any Subscription)?
      var pendingDemand = Subscribers.Demand.none
    }

    private let downstream: Downstream
    private let state = LockedState.make(State())
    private let remaining: SerializedSlot<Int>

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      remaining = SerializedSlot(count)
    }

    deinit {
      remaining.free()
    }

    var combineName: String { "Drop" }

    func receive(subscription: any Subscription) {
      let demand: Subscribers.Demand? = state.withLock { state in
        guard state.upstream == nil else { return nil }
        state.upstream = subscription
        defer { state.pendingDemand = .none }
        // The upstream calls this and `receive(_:)` one at a time, so the count left is not moving.
        return state.pendingDemand + remaining.value
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      if remaining.value > 0 {
        remaining.value -= 1
        return .none
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      state.withLock { $0.upstream = nil }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand != .none, "a subscriber must request at least one value")
      let upstream: (any Subscription)? = state.withLock { state in
        if state.upstream == nil { state.pendingDemand += demand }
        return state.upstream
      }
      upstream?.request(demand)
    }

    func cancel() {
      state.withLock { state in
        defer { state.upstream = nil }
        return state.upstream
      }?.cancel()
    }
  }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}
