extension Publisher {
  /// Interleaves this publisher's values with `other`'s, each passed on as it arrives.
  ///
  /// The merged stream finishes once both have finished, and fails as soon as either fails (cancelling
  /// both, the one that failed too, as Combine's does). While the downstream's demand is bounded, each
  /// upstream is asked for one value at a time; a value that finds no demand waits for it, one for each
  /// upstream (its latest, should it send more than it was asked for), and the waiting values go out in
  /// upstream order, as Combine's do.
  @inlinable
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }
}

extension Publishers {
  /// A publisher that interleaves the values of two upstreams.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    /// The upstreams' values.
    public typealias Output = A.Output
    /// Fails when either upstream fails.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher merging `a` and `b`.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Merges this publisher's upstreams with `other`.
    @inlinable
    public func merge<P: Publisher>(with other: P) -> Merge3<A, B, P>
    where P.Output == Output, P.Failure == Failure {
      Merge3(a, b, other)
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = MergeInner<S>(downstream: subscriber, state: MergeState(rules: .merge), output: { $0 })
      inner.startMerging(subscriber, sources: [{ a.receive(subscriber: $0) }, { b.receive(subscriber: $0) }])
    }
  }
}

extension Publishers {
  /// The subscription the merging operators hand their downstream.
  @usableFromInline
  final class MergeInner<Downstream: Subscriber>: FanInSubscription<
    MergeState<Downstream.Input, Downstream.Failure>, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "Merge" }
  }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
