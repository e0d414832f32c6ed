extension Publisher {
  /// Transforms each value with a closure that may throw and passes on the results that are not `nil`;
  /// a thrown error cancels upstream and fails the stream with it.
  @inlinable
  public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?)
    -> Publishers.TryCompactMap<Self, T>
  {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's values with a throwing closure and drops the `nil`
  /// results.
  ///
  /// A dropped value does not use up downstream demand: the operator asks upstream for one more.
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation; `nil` drops the value.
    public let transform: (Upstream.Output) throws -> Output?

    /// Creates a publisher applying `transform` to `upstream`'s values, dropping `nil` results.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.receive(
        subscriber:
          Publishers.TryCompactMapInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber,
            step: { input in
              do { return try transform(input).map { .send($0) } ?? .skip } catch { return .fail(error) }
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The subscriber ``TryCompactMap`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class TryCompactMapInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "TryCompactMap" }
    @usableFromInline override var trapsEventsBeforeSubscription: Bool { true }
    /// The downstream, as Combine's (OpenCombine's `testTryCompactMapReflection`).
    @usableFromInline override var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
  }
}

extension Publishers.TryCompactMap {
  /// Transforms each value with this operator's transform, then `transform`, passing on the results
  /// that are not `nil`, in one operator, as Combine's `compactMap` after `tryCompactMap` does: the
  /// result is a `TryCompactMap` of the same upstream, and a throw still fails the stream.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) throws -> T?)
    -> Publishers.TryCompactMap<Upstream, T>
  {
    let first = self.transform
    return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
  }
}
