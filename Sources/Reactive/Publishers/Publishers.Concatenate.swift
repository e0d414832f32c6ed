extension Publisher {
  /// Passes on `elements` first, then this publisher's values.
  public func prepend(_ elements: Output...)
    -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self>
  {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Passes on the elements of `elements` first, then this publisher's values.
  public func prepend<S: Sequence>(_ elements: S)
    -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
  where S.Element == Output {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Passes on `publisher`'s values until it finishes, then this publisher's.
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }

  /// Passes on this publisher's values, then `elements` once it finishes.
  public func append(_ elements: Output...)
    -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>
  {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Passes on this publisher's values, then the elements of `elements` once it finishes.
  public func append<S: Sequence>(_ elements: S)
    -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
  where S.Element == Output {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Passes on this publisher's values until it finishes, then `publisher`'s.
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}

extension Publishers {
  /// A publisher of one publisher's values, then, once it finishes, another's.
  ///
  /// The suffix is subscribed only when the prefix finishes, and asked for what the downstream asked
  /// and has not yet received. A failure of the prefix ends the stream; the suffix is never
  /// subscribed then.
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    /// The values of both.
    public typealias Output = Suffix.Output
    /// Fails when either fails.
    public typealias Failure = Suffix.Failure

    /// The publisher whose values come first.
    public let prefix: Prefix
    /// The publisher whose values follow once the prefix finishes.
    public let suffix: Suffix

    /// Creates a publisher of `prefix`'s values, then `suffix`'s.
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Attaches `subscriber`, then subscribes to `prefix`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = ConcatenateInner<Suffix, S>(downstream: subscriber, suffix: suffix)
      prefix.receive(subscriber: ConcatenateInner<Suffix, S>.PrefixSide(inner))
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

/// The downstream's subscription for ``Publishers/Concatenate``, with a ``Side`` subscribed to each
/// publisher in turn.
///
/// It counts what the downstream asked for and has not received (values add the demand they return),
/// passes requests to the publisher of the moment, and asks the suffix, when its subscription arrives,
/// for what is still owed. The downstream gets this subscription when the prefix's arrives. Deliveries
/// happen outside the lock, so a publisher may send from inside the downstream's `receive`. The suffix
/// and the downstream are let go when the stream ends. A value or completion from a publisher that
/// has not yet handed its subscription is ignored, as Combine's are (OpenCombine's
/// `ConcatenateTests.testAppendReceiveValueBeforeSubscription` and the three beside it), and so is a
/// value beyond what the downstream asked for (`testRecursivelyReceiveValue`).
private final class ConcatenateInner<Suffix: Publisher, Downstream: Subscriber>: Subscription,
  CombineReflecting, @unchecked Sendable
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
  private enum Phase {
    case prefix
    case suffix
    case ended
  }

  private struct State {
    var phase = Phase.prefix
    var downstream: Downstream?
    var suffix: Suffix?
    var current: (any Subscription)?
    /// Whether the publisher of the moment has handed its subscription.
    var currentSubscribed = false
    var downstreamSubscribed = false
    var demand = Subscribers.Demand.none

    mutating func end() -> (Downstream?, (any Subscription)?) {
      defer { (phase, downstream, suffix, current) = (.ended, nil, nil, nil) }
      return (downstream, current)
    }
  }

  /// What a completion leads to, outside the lock.
  private enum AfterCompletion {
    case subscribe(Suffix)
    case complete(Downstream)
  }

  private let state: LockedState<State>

  init(downstream: Downstream, suffix: Suffix) {
    state = .make(State(downstream: downstream, suffix: suffix))
  }

  var combineName: String { "Concatenate" }

  func request(_ demand: Subscribers.Demand) {
    let current: (any Subscription)? = state.withLock { state in
      guard state.phase != .ended else { return nil }
      state.demand += demand
      return state.current
    }
    current?.request(demand)
  }

  func cancel() {
    let (_, current) = state.withLock { $0.end() }
    current?.cancel()
  }

  fileprivate func receive(subscription: any Subscription, isSuffix: Bool) {
    let (accepted, downstream, demand): (Bool, Downstream?, Subscribers.Demand) = state.withLock { state in
      guard state.phase == (isSuffix ? .suffix : .prefix), !state.currentSubscribed else {
        return (false, nil, .none)
      }
      state.currentSubscribed = true
      state.current = subscription
      guard state.downstreamSubscribed else {
        state.downstreamSubscribed = true
        return (true, state.downstream, .none)
      }
      return (true, nil, state.demand)
    }
    guard accepted else { return subscription.cancel() }
    downstream?.receive(subscription: self)
    if demand > 0 { subscription.request(demand) }
  }

  fileprivate func receive(_ input: Suffix.Output, isSuffix: Bool) -> Subscribers.Demand {
    let downstream: Downstream? = state.withLock { state in
      guard state.phase == (isSuffix ? .suffix : .prefix), state.currentSubscribed, state.demand > 0 else {
        return nil
      }
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return .none }
    let more = downstream.receive(input)
    if more > 0 { state.withLock { $0.demand += more } }
    return more
  }

  fileprivate func receive(completion: Subscribers.Completion<Suffix.Failure>, isSuffix: Bool) {
    let next: AfterCompletion? = state.withLock { state in
      guard state.phase == (isSuffix ? .suffix : .prefix), state.currentSubscribed else { return nil }
      if !isSuffix, case .finished = completion, let suffix = state.suffix {
        (state.phase, state.suffix, state.current, state.currentSubscribed) = (.suffix, nil, nil, false)
        return .subscribe(suffix)
      }
      return state.end().0.map { .complete($0) }
    }
    switch next {
    case .subscribe(let suffix): suffix.receive(subscriber: SuffixSide(self))
    case .complete(let downstream): downstream.receive(completion: completion)
    case nil: break
    }
  }

  /// The subscriber to one of the two publishers: a ``PrefixSide`` or a ``SuffixSide``, of two types
  /// as Combine's are (OpenCombine's `ConcatenateTests.testCombineIdentifier`), each calling itself
  /// "Concatenate" with no children (`testConcatenateReflection`).
  class Side: Subscriber, CombineReflecting, @unchecked Sendable {
    typealias Input = Suffix.Output
    typealias Failure = Suffix.Failure

    private let inner: ConcatenateInner
    private let isSuffix: Bool

    /// Only the two subclasses make one, each saying which side it is.
    fileprivate init(_ inner: ConcatenateInner, isSuffix: Bool) {
      self.inner = inner
      self.isSuffix = isSuffix
    }

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

    var combineName: String { "Concatenate" }

    func receive(subscription: any Subscription) {
      inner.receive(subscription: subscription, isSuffix: isSuffix)
    }

    func receive(_ input: Input) -> Subscribers.Demand { inner.receive(input, isSuffix: isSuffix) }

    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receive(completion: completion, isSuffix: isSuffix)
    }
  }

  /// The subscriber to the prefix.
  final class PrefixSide: Side, @unchecked Sendable {
    init(_ inner: ConcatenateInner) { super.init(inner, isSuffix: false) }
  }

  /// The subscriber to the suffix.
  final class SuffixSide: Side, @unchecked Sendable {
    init(_ inner: ConcatenateInner) { super.init(inner, isSuffix: true) }
  }
}
