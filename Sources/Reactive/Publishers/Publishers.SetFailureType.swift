extension Publisher where Failure == Never {
  /// Gives this publisher, which cannot fail, the failure type `failureType`, so that it can be combined
  /// with publishers that may fail. Nothing else changes.
  @inlinable
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that never fails but declares a failure type.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output

    /// The publisher that cannot fail.
    public let upstream: Upstream

    /// Creates a publisher declaring `Failure` for `upstream`.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber:
          Publishers.SetFailureTypeInner<Upstream.Output, Never, S>(
            downstream: subscriber, step: { .send($0) }, mapFailure: impossibleFailure))
    }

    /// The same upstream with another failure type.
    @inlinable
    public func setFailureType<E: Error>(to failure: E.Type) -> SetFailureType<Upstream, E> {
      SetFailureType<Upstream, E>(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publishers {
  /// The subscriber ``SetFailureType`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class SetFailureTypeInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "SetFailureType" }
  }
}

/// The failure of an upstream that cannot fail, as any failure type: never called.
@usableFromInline
func impossibleFailure<Failure>(_ failure: Never) -> Failure {}
