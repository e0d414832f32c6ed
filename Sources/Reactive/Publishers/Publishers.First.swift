extension Publisher {
  /// Passes on the first value, then finishes, cancelling upstream; finishes without a value when
  /// upstream finishes first.
  @inlinable
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }
}

extension Publishers {
  /// A publisher that passes on its upstream's first value and finishes.
  ///
  /// The first downstream request asks upstream for every value; the stream ends with the first one.
  public struct First<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails first.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first value is passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s first value.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber:
          Publishers.FirstInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber, upstreamDemand: .unlimitedOnFirstRequest, step: { .sendAndFinish($0) },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}

extension Publishers {
  /// The subscriber ``First`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class FirstInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "First" }
  }
}
