extension Publisher {
  /// Leaves out values until `publisher` publishes its first value, then passes everything on.
  ///
  /// The downstream gets its subscription at once; then `publisher` is subscribed and asked for one
  /// value, then upstream. Downstream demand goes upstream as it comes (what was asked before the
  /// upstream subscription arrived is asked then), and a value left out uses it up. If `publisher`
  /// completes before its first value, the stream ends with that completion and upstream is cancelled.
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where Failure == P.Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher of its upstream's values from the moment a second publisher publishes a value.
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when either publisher fails before the other's first value.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// The publisher whose first value starts the passing on.
    public let other: Other

    /// Creates a publisher of `upstream`'s values once `other` has published one.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = DropUntilOutputInner<Other.Output, S>(downstream: subscriber)
      subscriber.receive(subscription: inner)
      other.receive(subscriber: DropUntilOutputInner<Other.Output, S>.OtherSide(inner))
      upstream.receive(subscriber: inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The upstream's subscriber and the downstream's subscription for ``Publishers/DropUntilOutput``;
/// its ``OtherSide`` listens to the other publisher and shares its `combineIdentifier`, as in Combine.
///
/// The stream ends with the upstream's completion (the other is cancelled), with the other's
/// completion before its first value (upstream is cancelled), or on cancel (upstream, then the
/// other). Everything is let go then; a subscription arriving later on either side is cancelled. The
/// other's value lets go of the other's subscription, and the other may send another.
private final class DropUntilOutputInner<OtherOutput, Downstream: Subscriber>: Subscriber, Subscription,
  CombineReflecting, @unchecked Sendable
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var downstream: Downstream?
    var upstream: (any Subscription)?
    var other: (any Subscription)?
    var upstreamSubscribed = false
    var triggered = false
    var ended = false
    /// What the downstream asked for before the upstream subscription arrived.
    var pendingDemand = Subscribers.Demand.none
    /// What the downstream asked for, its requests after the end included, less each value left out:
    /// a value left out beyond it stops the process, as Combine's (OpenCombine's
    /// `DropUntilOutputTests.testCrashesWhenReceivesInputAfterCancel`). Values passed on do not count.
    var leftToDrop = Subscribers.Demand.none

    /// Ends the stream; returns what was held, for the caller to cancel and complete.
    mutating func end() -> (
      downstream: Downstream?, upstream: (any Subscription)?, other: (any Subscription)?
    ) {
      defer { (downstream, upstream, other, ended) = (nil, nil, nil, true) }
      return ended ? (nil, nil, nil) : (downstream, upstream, other)
    }
  }

  private let state: LockedState<State>

  init(downstream: Downstream) {
    state = .make(State(downstream: downstream))
  }

  var combineName: String { "DropUntilOutput" }

  func receive(subscription: any Subscription) {
    let demand: Subscribers.Demand? = state.withLock { state in
      // A subscription after the end is cancelled, but what the upstream sends after it is no
      // longer a value before the subscription.
      guard !state.upstreamSubscribed else { return nil }
      state.upstreamSubscribed = true
      guard !state.ended else { return nil }
      state.upstream = subscription
      defer { state.pendingDemand = .none }
      return state.pendingDemand
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream: Downstream? = state.withLock { state in
      // As Combine's (OpenCombine's DropUntilOutputTests.testDropUntilOutputReceiveValueBeforeSubscription).
      precondition(state.upstreamSubscribed, "DropUntilOutput received a value before its subscription")
      guard !state.ended, state.triggered else {
        precondition(state.leftToDrop > 0, "DropUntilOutput received a value beyond the demand")
        state.leftToDrop -= 1
        return nil
      }
      return state.downstream
    }
    return downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state in
      state.upstream = nil
      return state.end()
    }
    ended.other?.cancel()
    ended.downstream?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    // A zero request is ignored, as Combine's (OpenCombine's DropUntilOutputTests.testLateSubscription).
    guard demand != .none else { return }
    let upstream: (any Subscription)? = state.withLock { state in
      state.leftToDrop += demand
      guard !state.ended else { return nil }
      if state.upstream == nil { state.pendingDemand += demand }
      return state.upstream
    }
    upstream?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { $0.end() }
    ended.upstream?.cancel()
    ended.other?.cancel()
  }

  fileprivate func receiveOther(subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard !state.ended, state.other == nil else { return false }
      state.other = subscription
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(.max(1))
  }

  /// The other's value lets go of its subscription without cancelling it, and the next subscription
  /// the other sends is taken and asked for one value, as Combine's (OpenCombine's
  /// `DropUntilOutputTests.testReusableOtherSubscriber`).
  fileprivate func receiveOther() {
    state.withLock { state in
      state.triggered = true
      state.other = nil
    }
  }

  fileprivate func receiveOther(completion: Subscribers.Completion<Failure>) {
    let ended: (downstream: Downstream?, upstream: (any Subscription)?, other: (any Subscription)?)? =
      state.withLock { state in
        state.other = nil
        return state.triggered ? nil : state.end()
      }
    guard let ended else { return }
    ended.upstream?.cancel()
    ended.downstream?.receive(completion: completion)
  }

  /// The subscriber to the other publisher.
  final class OtherSide: Subscriber, CombineReflecting, @unchecked Sendable {
    typealias Input = OtherOutput
    typealias Failure = Downstream.Failure

    private let inner: DropUntilOutputInner

    init(_ inner: DropUntilOutputInner) {
      self.inner = inner
    }

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

    /// Named as the upstream's subscriber is, as Combine's (OpenCombine's testDropUntilOutputReflection).
    var combineName: String { "DropUntilOutput" }

    func receive(subscription: any Subscription) { inner.receiveOther(subscription: subscription) }

    func receive(_ input: OtherOutput) -> Subscribers.Demand {
      inner.receiveOther()
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { inner.receiveOther(completion: completion) }
  }
}
