extension Publisher {
  /// Collects every value and passes them on as one array when upstream finishes.
  ///
  /// The first downstream request asks upstream for every value. An upstream that finishes without
  /// values gives an empty array; a failure is passed on instead of the array.
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that gathers all of its upstream's values into one array.
  public struct Collect<Upstream: Publisher>: Publisher {
    /// Every upstream value, in order.
    public typealias Output = [Upstream.Output]
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// Creates a publisher collecting `upstream`'s values.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives one array, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}

extension Publishers.Collect {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase {
      case awaitingSubscription
      case collecting(upstream: any Subscription, requested: Bool)
      /// Upstream finished before the downstream asked for anything.
      case finishedAwaitingDemand
      case ended
    }

    private struct State {
      var phase = Phase.awaitingSubscription
      var downstream: Downstream?
      var values: [Input] = []

      /// Ends the stream, letting go of the downstream and the values; returns both.
      mutating func end() -> (Downstream, [Input])? {
        defer {
          phase = .ended
          downstream = nil
          values = []
        }
        return downstream.map { ($0, values) }
      }
    }

    /// What a request leads to, outside the lock.
    private enum RequestAction {
      case requestUpstream(any Subscription)
      case deliver(Downstream, [Input])
    }

    private let state: LockedState<State>

    init(downstream: Downstream) {
      state = .make(State(downstream: downstream))
    }

    var description: String { "Collect" }
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        guard case .awaitingSubscription = state.phase else { return nil }
        state.phase = .collecting(upstream: subscription, requested: false)
        return state.downstream
      }
      guard let downstream else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      state.withLock { state in
        if case .collecting = state.phase { state.values.append(input) }
      }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended: (Downstream, [Input])? = state.withLock { state in
        guard case .collecting(_, let requested) = state.phase else { return nil }
        if case .finished = completion, !requested {
          state.phase = .finishedAwaitingDemand
          return nil
        }
        return state.end()
      }
      guard let (downstream, values) = ended else { return }
      if case .finished = completion { _ = downstream.receive(values) }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let action: RequestAction? = state.withLock { state in
        switch state.phase {
        case .collecting(let upstream, requested: false):
          state.phase = .collecting(upstream: upstream, requested: true)
          return .requestUpstream(upstream)
        case .finishedAwaitingDemand:
          return state.end().map { .deliver($0, $1) }
        default:
          return nil
        }
      }
      switch action {
      case .requestUpstream(let upstream):
        upstream.request(.unlimited)
      case .deliver(let downstream, let values):
        _ = downstream.receive(values)
        downstream.receive(completion: .finished)
      case nil:
        break
      }
    }

    func cancel() {
      let upstream: (any Subscription)? = state.withLock { state in
        defer { _ = state.end() }
        if case .collecting(let upstream, _) = state.phase { return upstream }
        return nil
      }
      upstream?.cancel()
    }
  }
}
