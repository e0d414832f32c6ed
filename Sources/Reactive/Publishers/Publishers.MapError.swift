extension Publisher {
  /// Turns upstream's failure into another error with `transform`; values pass unchanged.
  @inlinable
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
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    /// Attaches `subscriber` behind the conversion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber:
          Publishers.MapErrorInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber, step: { .send($0) }, mapFailure: transform))
    }
  }
}

extension Publishers {
  /// The subscriber ``MapError`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class MapErrorInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "MapError" }
  }
}
