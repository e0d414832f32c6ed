extension Publisher {
  /// Counts the values and passes the count on when upstream finishes.
  ///
  /// Upstream is asked for every value at once; the count waits for the downstream's first request.
  /// A failure is passed on instead of the count.
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// A publisher of the number of values its upstream published.
  public struct Count<Upstream: Publisher>: Publisher {
    /// The number of values.
    public typealias Output = Int
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are counted.
    public let upstream: Upstream

    /// Creates a publisher counting `upstream`'s values.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives the count, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Count", downstream: subscriber, initial: 0,
          step: { count, _ in
            count = count.map { $0 + 1 }
            return .more
          }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
