extension Publisher {
  /// Turns upstream's failure into another error with `transform`; values pass unchanged.
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that converts its upstream's failure into another error.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output

    /// The publisher whose failure is converted.
    public let upstream: Upstream
    /// Converts the failure.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher converting `upstream`'s failure with `map`.
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    /// Attaches `subscriber` behind the conversion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, step: { .send($0) }, mapFailure: transform))
    }
  }
}

extension Publishers.MapError {
  private final class Inner<Downstream: Subscriber>: TransformingInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
    override var description: String { "MapError" }
  }
}
