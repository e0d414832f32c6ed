extension Publisher {
  /// Passes values on until `publisher` publishes its first value; then cancels upstream and finishes.
  ///
  /// `publisher` is subscribed first and asked for one value. Its completion does not end the stream:
  /// values go on until upstream ends. Downstream demand is passed upstream as it comes.
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher of its upstream's values until a second publisher publishes a value.
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// The publisher whose first value ends the stream.
    public let other: Other

    /// Creates a publisher of `upstream`'s values until `other` publishes one.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Attaches `subscriber`: `other` is subscribed first, then `upstream`; the downstream gets its
    /// subscription when the upstream's arrives.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = PrefixUntilOutputInner<Other.Output, Other.Failure, S>(downstream: subscriber)
      other.receive(subscriber: PrefixUntilOutputInner<Other.Output, Other.Failure, S>.OtherSide(inner))
      upstream.receive(subscriber: inner)
    }
  }
}

/// The upstream's subscriber and the downstream's subscription for ``Publishers/PrefixUntilOutput``;
/// its ``OtherSide`` listens to the other publisher and shares its `combineIdentifier`, as in Combine.
///
/// The stream ends when the other publisher sends a value (upstream is cancelled, the downstream
/// finishes), when upstream completes (the other is cancelled), or on cancel (upstream, then the
/// other). The subscriptions are let go then, the downstream kept until this is released, as in
/// Combine; a subscription arriving later on either side is cancelled.
private final class PrefixUntilOutputInner<OtherOutput, OtherFailure: Error, Downstream: Subscriber>:
  Subscriber, Subscription, @unchecked Sendable
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  /// What the stream held when it ended.
  private typealias Held = (
    downstream: Downstream?, upstream: (any Subscription)?, other: (any Subscription)?
  )

  private struct State {
    var downstream: Downstream?
    var upstream: (any Subscription)?
    var other: (any Subscription)?
    var upstreamSubscribed = false
    var otherSubscribed = false
    /// The other publisher completed: nothing more of it counts.
    var otherCompleted = false
    var ended = false

    /// Ends the stream; returns what was held, for the caller to cancel and complete. The
    /// subscriptions are let go; the downstream is kept until this is released, as Combine's is
    /// (OpenCombine's `PrefixUntilOutputTests.testPrefixUntilOutputLifecycle`), `ended` keeping
    /// anything more from reaching it.
    mutating func end() -> Held {
      defer { (upstream, other, ended) = (nil, nil, true) }
      return ended ? (nil, nil, nil) : (downstream, upstream, other)
    }
  }

  private let state: LockedState<State>

  init(downstream: Downstream) {
    state = .make(State(downstream: downstream))
  }

  func receive(subscription: any Subscription) {
    let downstream: Downstream? = state.withLock { state in
      guard !state.ended, !state.upstreamSubscribed else { return nil }
      state.upstreamSubscribed = true
      state.upstream = subscription
      return state.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  /// A value before the upstream's subscription is ignored, as Combine's is (OpenCombine's
  /// `PrefixUntilOutputTests.testPrefixUntilOutputReceiveValueBeforeSubscription`).
  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream = state.withLock { $0.ended || !$0.upstreamSubscribed ? nil : $0.downstream }
    guard let downstream else { return .none }
    return downstream.receive(input)
  }

  /// A completion before the upstream's subscription cancels the other publisher and reaches nobody,
  /// as in Combine (`testPrefixUntilOutputReceiveCompletionBeforeSubscription`).
  func receive(completion: Subscribers.Completion<Failure>) {
    let (ended, subscribed) = state.withLock { state in
      state.upstream = nil
      return (state.end(), state.upstreamSubscribed)
    }
    ended.other?.cancel()
    if subscribed { ended.downstream?.receive(completion: completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.upstream }?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { $0.end() }
    ended.upstream?.cancel()
    ended.other?.cancel()
  }

  fileprivate func receiveOther(subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard !state.ended, !state.otherSubscribed else { return false }
      state.otherSubscribed = true
      state.other = subscription
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(.max(1))
  }

  /// A value of the other publisher before its subscription ends nothing, as in Combine (OpenCombine's
  /// `PrefixUntilOutputTests.testPrefixUntilOutputReceiveValueBeforeSubscription`).
  fileprivate func receiveOther() {
    let ended = state.withLock { state -> Held in
      guard state.otherSubscribed, !state.otherCompleted else { return (nil, nil, nil) }
      state.other = nil
      return state.end()
    }
    ended.upstream?.cancel()
    ended.downstream?.receive(completion: .finished)
  }

  fileprivate func receiveOtherCompletion() {
    state.withLock { state in
      state.other = nil
      state.otherCompleted = true
    }
  }

  /// The subscriber to the other publisher.
  final class OtherSide: Subscriber, @unchecked Sendable {
    typealias Input = OtherOutput
    typealias Failure = OtherFailure

    private let inner: PrefixUntilOutputInner

    init(_ inner: PrefixUntilOutputInner) {
      self.inner = inner
    }

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

    func receive(subscription: any Subscription) { inner.receiveOther(subscription: subscription) }

    func receive(_ input: OtherOutput) -> Subscribers.Demand {
      inner.receiveOther()
      return .none
    }

    func receive(completion: Subscribers.Completion<OtherFailure>) { inner.receiveOtherCompletion() }
  }
}
