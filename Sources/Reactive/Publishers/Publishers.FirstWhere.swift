extension Publisher {
  /// Passes on the first value that satisfies `predicate`, then finishes, cancelling upstream; finishes
  /// without a value when upstream finishes first.
  @inlinable
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that passes on the first value of its upstream that satisfies a predicate, and
  /// finishes.
  ///
  /// As Combine's, it asks upstream for every value as soon as it is subscribed; the match cancels
  /// upstream and waits, with `.finished`, for the downstream's first request.
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails first.
    public typealias Failure = Upstream.Failure

    /// The publisher searched.
    public let upstream: Upstream
    /// What the value passed on must satisfy.
    public let predicate: (Output) -> Bool

    /// Creates a publisher of `upstream`'s first value satisfying `predicate`.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      // Combine names this subscription "TryFirst", for `first(where:)` and `tryFirst(where:)` alike.
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "TryFirst", downstream: subscriber, initial: nil,
          step: { result, value in
            guard predicate(value) else { return .more }
            result = value
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
