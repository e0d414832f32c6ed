extension Publisher {
  /// Interleaves this publisher's values with those of `b` and `c`, each passed on as it arrives.
  ///
  /// The merged stream finishes once all three have finished, and fails as soon as one fails.
  @inlinable
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }
}

extension Publishers {
  /// A publisher that interleaves the values of three upstreams.
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
    /// The upstreams' values.
    public typealias Output = A.Output
    /// Fails when any upstream fails.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C

    /// Creates a publisher merging `a`, `b` and `c`.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b` and `c`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = MergeInner<S>(downstream: subscriber, state: MergeState(rules: .merge), output: { $0 })
      inner.startMerging(
        subscriber,
        sources: [
          { a.receive(subscriber: $0) }, { b.receive(subscriber: $0) }, { c.receive(subscriber: $0) },
        ])
    }
  }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
