extension Publisher {
  /// Combines the latest values of this publisher, `publisher1` and `publisher2` into a tuple, each
  /// time one sends a value, once all have.
  ///
  /// Demand, waiting and completion work as for ``Publisher/combineLatest(_:)``.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
    -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure
  {
    Publishers.CombineLatest3(self, publisher1, publisher2)
  }

  /// Combines the latest values of this publisher, `publisher1` and `publisher2` through `transform`,
  /// each time one sends a value, once all have.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
  where P.Failure == Failure, Q.Failure == Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
  }
}

extension Publishers {
  /// A publisher of the latest values of three upstreams, combined each time one sends a value.
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// The latest value of each upstream.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// Fails when any upstream fails.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C

    /// Creates a publisher combining `a`, `b` and `c`.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b` and `c`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Publishers.CombineLatestInner(downstream: subscriber, state: CombineLatestState(count: 3)) {
        values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
      }
      subscriber.receive(subscription: inner)
      a.receive(subscriber: inner.side(0, lift: { $0 as Any }))
      b.receive(subscriber: inner.side(1, lift: { $0 as Any }))
      c.receive(subscriber: inner.side(2, lift: { $0 as Any }))
    }
  }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
