extension Publisher {
  /// Replaces a failure with `output`: the stream then passes on `output` and finishes.
  ///
  /// `output` waits for downstream demand like any value; the completion follows it. A value the
  /// upstream sends beyond the downstream's demand stops the process, as in Combine.
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that turns its upstream's failure into one last value.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// It cannot fail.
    public typealias Failure = Never

    /// The value sent in place of a failure.
    public let output: Upstream.Output
    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Creates a publisher passing on `upstream`'s values and `output` in place of its failure.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceError {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Never {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase {
      case awaitingSubscription
      case active(upstream: any Subscription)
      /// Upstream failed while the downstream had no demand: the replacement waits for it.
      case replacementAwaitingDemand
      case ended
    }

    private struct State {
      var phase = Phase.awaitingSubscription
      var downstream: Downstream?
      var output: Input?
      var demand = Subscribers.Demand.none

      /// Ends the stream, letting go of the upstream; returns the downstream and the replacement. The
      /// downstream is kept until this is released, as Combine's is (OpenCombine's
      /// `ReplaceErrorTests.testReplaceErrorLifecycle`); the phase keeps anything more from reaching it.
      mutating func end() -> (Downstream, Input)? {
        defer { phase = .ended }
        guard let downstream, let output else { return nil }
        return (downstream, output)
      }
    }

    private let state: LockedState<State>

    init(downstream: Downstream, output: Input) {
      state = .make(State(downstream: downstream, output: output))
    }

    var description: String { "ReplaceError" }
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        guard case .awaitingSubscription = state.phase else { return nil }
        state.phase = .active(upstream: subscription)
        return state.downstream
      }
      guard let downstream else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let downstream: Downstream? = state.withLock { state in
        guard case .active = state.phase else { return nil }
        // As Combine's (OpenCombine's ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand).
        precondition(state.demand > 0, "ReplaceError received a value its subscriber did not request")
        state.demand -= 1
        return state.downstream
      }
      guard let downstream else { return .none }
      let more = downstream.receive(input)
      state.withLock { $0.demand += more }
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended: (Downstream, Input?)? = state.withLock { state in
        guard case .active = state.phase else { return nil }
        if case .failure = completion {
          guard state.demand > 0 else {
            state.phase = .replacementAwaitingDemand
            return nil
          }
          return state.end().map { ($0, $1) }
        }
        return state.end().map { ($0.0, nil) }
      }
      guard let (downstream, replacement) = ended else { return }
      if let replacement { _ = downstream.receive(replacement) }
      downstream.receive(completion: .finished)
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let action: (upstream: (any Subscription)?, replacement: (Downstream, Input)?) = state.withLock {
        state in
        switch state.phase {
        case .active(let upstream):
          state.demand += demand
          return (upstream, nil)
        case .replacementAwaitingDemand:
          return (nil, state.end())
        default:
          return (nil, nil)
        }
      }
      action.upstream?.request(demand)
      if let (downstream, replacement) = action.replacement {
        _ = downstream.receive(replacement)
        downstream.receive(completion: .finished)
      }
    }

    func cancel() {
      let upstream: (any Subscription)? = state.withLock { state in
        defer { _ = state.end() }
        if case .active(let upstream) = state.phase { return upstream }
        return nil
      }
      upstream?.cancel()
    }
  }
}
