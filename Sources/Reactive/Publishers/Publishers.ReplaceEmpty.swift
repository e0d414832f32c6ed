extension Publisher {
  /// Passes on `output` when upstream finishes without a value; otherwise passes everything on as is.
  ///
  /// As Combine's does, it asks upstream for `.unlimited` as soon as it has handed the downstream its
  /// subscription, and passes the downstream's requests on as well. The replacement waits for the
  /// downstream's first request; a failure is passed on as is.
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher of its upstream's values, or of one replacement when it has none.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The value passed on when the upstream finishes without one.
    public let output: Upstream.Output
    /// The publisher whose values are passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s values, or of `output` if it has none.
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: ReplaceEmptyInner(downstream: subscriber, replacement: output))
    }
  }
}

/// The subscriber and subscription of ``Publishers/ReplaceEmpty``. It lets go of the downstream when
/// the stream ends; a second upstream subscription is cancelled, and a cancel before the subscription
/// arrives does nothing, as in Combine.
private final class ReplaceEmptyInner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
  @unchecked Sendable
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum Status {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// Upstream finished empty before the downstream asked for anything.
    case pendingReplacement
    case terminal
  }

  private struct State {
    var status = Status.awaitingSubscription
    var downstream: Downstream?
    var replacement: Input?
    var receivedValue = false
    var requested = false

    mutating func end() -> (Downstream, Input?)? {
      defer {
        status = .terminal
        downstream = nil
        replacement = nil
      }
      return downstream.map { ($0, receivedValue ? nil : replacement) }
    }
  }

  /// What a request leads to, outside the lock.
  private enum RequestAction {
    case forward(any Subscription)
    case replace(Downstream, Input?)
  }

  private let state: LockedState<State>

  init(downstream: Downstream, replacement: Input) {
    state = .make(State(downstream: downstream, replacement: replacement))
  }

  var combineName: String { "ReplaceEmpty" }

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

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream: Downstream? = state.withLock { state in
      guard case .subscribed = state.status else { return nil }
      state.receivedValue = true
      return state.downstream
    }
    return downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended: (Downstream, Input?)? = state.withLock { state in
      guard case .subscribed = state.status else { return nil }
      if case .finished = completion, !state.receivedValue, !state.requested {
        state.status = .pendingReplacement
        return nil
      }
      return state.end()
    }
    guard let (downstream, replacement) = ended else { return }
    if case .finished = completion, let replacement { _ = downstream.receive(replacement) }
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    let action: RequestAction? = state.withLock { state in
      state.requested = true
      switch state.status {
      case .subscribed(let upstream): return .forward(upstream)
      case .pendingReplacement: return state.end().map { .replace($0, $1) }
      case .awaitingSubscription, .terminal: return nil
      }
    }
    switch action {
    case .forward(let upstream):
      upstream.request(demand)
    case .replace(let downstream, let replacement):
      if let replacement { _ = downstream.receive(replacement) }
      downstream.receive(completion: .finished)
    case nil:
      break
    }
  }

  func cancel() {
    let upstream: (any Subscription)? = state.withLock { state in
      switch state.status {
      case .awaitingSubscription, .terminal:
        return nil
      case .pendingReplacement:
        _ = state.end()
        return nil
      case .subscribed(let upstream):
        _ = state.end()
        return upstream
      }
    }
    upstream?.cancel()
  }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
