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
  /// The first downstream request asks upstream for every value.
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
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber:
          Publishers.FirstWhereInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber, upstreamDemand: .unlimitedOnFirstRequest,
            step: { predicate($0) ? .sendAndFinish($0) : .skip }, mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The subscriber ``FirstWhere`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  ///
  /// Combine names this subscription "TryFirst", for `first(where:)` and `tryFirst(where:)` alike.
  @usableFromInline
  final class FirstWhereInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "TryFirst" }
  }
}
