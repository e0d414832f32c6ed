extension Publisher {
  /// Pairs the latest value of this publisher with the latest of `other`, each time either sends one,
  /// once both have.
  ///
  /// Every downstream request is passed on to both upstreams; a combination that finds no demand waits,
  /// replaced by any newer one, until demand comes. The stream finishes once both have finished, and
  /// fails as soon as either fails.
  @inlinable
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines the latest value of this publisher with the latest of `other` through `transform`, each
  /// time either sends one, once both have.
  @inlinable
  public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
    -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure
  {
    Publishers.CombineLatest(self, other).map(transform)
  }
}

extension Publishers {
  /// A publisher of the latest values of two upstreams, paired each time either sends one.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// The latest value of each upstream.
    public typealias Output = (A.Output, B.Output)
    /// Fails when either upstream fails.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher combining `a` and `b`.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Publishers.CombineLatestInner(downstream: subscriber, state: CombineLatestState(count: 2)) {
        values in
        (values[0] as! A.Output, values[1] as! B.Output)
      }
      subscriber.receive(subscription: inner)
      a.receive(subscriber: inner.side(0, lift: { $0 as Any }))
      b.receive(subscriber: inner.side(1, lift: { $0 as Any }))
    }
  }
}

extension Publishers {
  /// The subscription ``CombineLatest`` and ``CombineLatest3`` hand their downstream. It lives outside the generic
  /// publisher types so that its type does not repeat the upstreams', and the optimizer specializes it.
  @usableFromInline
  final class CombineLatestInner<Downstream: Subscriber>: FanInSubscription<
    CombineLatestState<Downstream.Failure>, Downstream
  >,
  @unchecked Sendable
  {
    @usableFromInline override var description: String { "CombineLatest" }
  }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
