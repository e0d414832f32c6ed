extension Publisher {
  /// Leaves out every value and passes on only the completion.
  ///
  /// Upstream is asked for every value at once; the downstream's requests are not passed on (it never
  /// receives a value).
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher of its upstream's completion alone.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// No value is ever published.
    public typealias Output = Never
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose completion is passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s completion.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
      upstream.receive(subscriber: IgnoreOutputInner<Upstream.Output, S>(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

/// The subscriber and subscription of ``Publishers/IgnoreOutput``: it hands the downstream its
/// subscription, then asks upstream for everything; values are dropped, the completion is passed on
/// once, and the downstream is let go when the stream ends. A second upstream subscription is
/// cancelled.
private final class IgnoreOutputInner<Input, Downstream: Subscriber>: Subscriber, Subscription,
  CombineReflecting, @unchecked Sendable
where Downstream.Input == Never {
  typealias Failure = Downstream.Failure

  private enum Status {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal
  }

  private let state: LockedState<(status: Status, downstream: Downstream?)>

  init(downstream: Downstream) {
    state = .make((.awaitingSubscription, downstream))
  }

  var combineName: String { "IgnoreOutput" }

  /// As Combine's: the downstream (while held) and the status.
  var reflectedChildren: [Mirror.Child] {
    let (status, downstream) = state.withLock { ($0.status, $0.downstream) }
    let statusName: String
    switch status {
    case .awaitingSubscription: statusName = "awaitingSubscription"
    case .subscribed(let upstream): statusName = "subscribed(\(upstream))"
    case .terminal: statusName = "terminal"
    }
    return [("downstream", downstream as Any), ("status", statusName)]
  }

  func receive(subscription: any Subscription) {
    let downstream: Downstream? = state.withLock { state in
      guard case .awaitingSubscription = state.status else { return nil }
      state.status = .subscribed(subscription)
      return state.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {
    // A completion before the subscription is passed on too, as Combine's is (OpenCombine's
    // `IgnoreOutputTests.testIgnoreOutputReceiveCompletionBeforeSubscription`).
    let downstream: Downstream? = state.withLock { state in
      if case .terminal = state.status { return nil }
      defer { state = (.terminal, nil) }
      return state.downstream
    }
    downstream?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {}

  func cancel() {
    let upstream: (any Subscription)? = state.withLock { state in
      guard case .subscribed(let upstream) = state.status else { return nil }
      state = (.terminal, nil)
      return upstream
    }
    upstream?.cancel()
  }
}
