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
  /// As Combine's: it keeps its downstream for good, passes on every completion (one before the
  /// subscription, after another or after a cancel too), and drops values while it holds no
  /// subscription (before it, after a completion or a cancel, which also drops what was collected).
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var subscription: (any Subscription)?
      /// Whether a subscription was ever taken: a later one is cancelled.
      var subscribed = false
      var buffer: [Input] = []
    }

    private let downstream: Downstream
    // Guarded by its own mutex (`LockedState`).
    private let state = LockedState.make(State())
    private let count: Int

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      self.count = count
    }

    var description: String { "CollectByCount" }
    var customMirror: Mirror {
      let (subscription, buffer) = state.withLock { ($0.subscription, $0.buffer) }
      let children: [Mirror.Child] = [
        ("downstream", downstream), ("upstreamSubscription", subscription as Any), ("buffer", buffer),
        ("count", count),
      ]
      return Mirror(self, children: children)
    }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let accepted = state.withLock { state in
        guard !state.subscribed else { return false }
        state.subscribed = true
        state.subscription = subscription
        return true
      }
      guard accepted else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    /// Returns `.none` until an array is full, then the downstream's demand for arrays in values.
    func receive(_ input: Input) -> Subscribers.Demand {
      let full: [Input]? = state.withLock { state in
        guard state.subscription != nil else { return nil }
        state.buffer.append(input)
        guard state.buffer.count == count else { return nil }
        defer { state.buffer = [] }
        return state.buffer
      }
      guard let full else { return .none }
      return downstream.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let rest: [Input] = state.withLock { state in
        defer {
          state.subscription = nil
          state.buffer = []
        }
        return state.buffer
      }
      if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
      downstream.receive(completion: completion)
    }

    /// Asks upstream for `count` values per array requested.
    func request(_ demand: Subscribers.Demand) {
      precondition(demand != .none, "a subscriber must request at least one value")
      state.withLock { $0.subscription }?.request(demand * count)
    }

    func cancel() {
      state.withLock { state in
        defer {
          state.subscription = nil
          state.buffer = []
        }
        return state.subscription
      }?.cancel()
    }
  }
}
