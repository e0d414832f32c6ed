extension Publisher {
  /// Pairs the values of this publisher and `other` in order: the first of each, then the second of
  /// each, and so on, each pair once both values are there.
  ///
  /// Every downstream request is passed on to both upstreams; a value waits until its partner arrives,
  /// and the pair is sent then, as in Combine, even beyond the downstream's demand (which an upstream
  /// that keeps to the demand it was given never reaches). The stream finishes as soon as one upstream has finished with no
  /// value left waiting (cancelling the other), and fails as soon as either fails.
  @inlinable
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P>
  where P.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Pairs the values of this publisher and `other` in order and combines each pair with `transform`.
  @inlinable
  public func zip<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
    -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure
  {
    Publishers.Zip(self, other).map(transform)
  }
}

extension Publishers {
  /// A publisher that pairs the values of two upstreams in the order they come.
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// One value of each upstream, the n-th of each.
    public typealias Output = (A.Output, B.Output)
    /// Fails when either upstream fails.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher zipping `a` and `b`.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Publishers.ZipInner(downstream: subscriber, state: ZipState(count: 2)) { values in
        (values[0] as! A.Output, values[1] as! B.Output)
      }
      subscriber.receive(subscription: inner)
      a.receive(subscriber: inner.side(0, lift: { $0 as Any }))
      b.receive(subscriber: inner.side(1, lift: { $0 as Any }))
    }
  }
}

extension Publishers {
  /// The subscription ``Zip`` and ``Zip3`` hand their downstream. It lives outside the generic
  /// publisher types so that its type does not repeat the upstreams', and the optimizer specializes it.
  @usableFromInline
  final class ZipInner<Downstream: Subscriber>: FanInSubscription<ZipState<Downstream.Failure>, Downstream>,
    @unchecked Sendable
  {
    @usableFromInline override var description: String { "Zip" }
  }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
