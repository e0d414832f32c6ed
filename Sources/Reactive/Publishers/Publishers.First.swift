extension Publisher {
  /// Passes on the first value, then finishes, cancelling upstream; finishes without a value when
  /// upstream finishes first.
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
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Inner(
          downstream: subscriber, upstreamDemand: .unlimitedOnFirstRequest, step: { .sendAndFinish($0) },
          mapFailure: { $0 }))
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}

extension Publishers.First {
  private final class Inner<Downstream: Subscriber>: TransformingInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    override var description: String { "First" }
  }
}
