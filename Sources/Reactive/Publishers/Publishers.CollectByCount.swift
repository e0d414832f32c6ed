extension Publisher {
  /// Collects values into arrays of `count` and passes each on when it is full; when upstream finishes,
  /// the values of an unfilled array are passed on before the completion.
  ///
  /// Each array the downstream requests asks upstream for `count` values. A failure is passed on at
  /// once and the values collected so far are dropped.
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that gathers its upstream's values into arrays of a given size.
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// Up to `count` upstream values, in order.
    public typealias Output = [Upstream.Output]
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream
    /// How many values an array holds.
    public let count: Int

    /// Creates a publisher collecting `upstream`'s values in arrays of `count`.
    public init(upstream: Upstream, count: Int) {
      precondition(count > 0, "collect needs a count of one or more")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber`, which receives the arrays.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publishers.CollectByCount {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var status = SubscriptionStatus.awaiting
      var downstream: Downstream?
      var buffer: [Input] = []
    }

    private let state: LockedState<State>
    private let count: Int

    init(downstream: Downstream, count: Int) {
      state = .make(State(downstream: downstream))
      self.count = count
    }

    var description: String { "CollectByCount" }
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.status.accept(subscription) ? state.downstream : nil
      }
      guard let downstream else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let full: (Downstream, [Input])? = state.withLock { state in
        guard state.status.subscription != nil, let downstream = state.downstream else { return nil }
        state.buffer.append(input)
        guard state.buffer.count == count else { return nil }
        defer { state.buffer = [] }
        return (downstream, state.buffer)
      }
      guard let (downstream, values) = full else { return .none }
      return downstream.receive(values) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended: (Downstream, [Input])? = state.withLock { state in
        guard state.status.subscription != nil, let downstream = state.downstream else { return nil }
        defer {
          state.status = .terminal
          state.downstream = nil
          state.buffer = []
        }
        return (downstream, state.buffer)
      }
      guard let (downstream, rest) = ended else { return }
      if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      state.withLock { $0.status.subscription }?.request(demand * count)
    }

    func cancel() {
      let upstream = state.withLock { state in
        defer {
          state.downstream = nil
          state.buffer = []
        }
        return state.status.terminate()
      }
      upstream?.cancel()
    }
  }
}
