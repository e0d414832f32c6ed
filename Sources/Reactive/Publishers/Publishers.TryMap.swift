extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error cancels upstream and fails the
  /// stream with it.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's values with a throwing closure.
  ///
  /// Its failure is `any Error`: the upstream's failure or the error thrown.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates a publisher applying `transform` to `upstream`'s values.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = transform
      upstream.receive(
        subscriber:
          Publishers.TryMapInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber,
            step: { input in
              do { return .send(try transform(input)) } catch { return .fail(error) }
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The subscriber ``TryMap`` puts between its upstream and downstream.
  @usableFromInline
  final class TryMapInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  where Downstream.Failure == any Error {
    @usableFromInline override var description: String { "TryMap" }
  }
}

extension Publishers.TryMap {
  /// Transforms each value with this operator's throwing transform, then `transform`, in one
  /// operator, as Combine's `map` after `tryMap` does: the result is a `TryMap` of the same upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
  }

  /// Transforms each value with this operator's throwing transform, then the throwing `transform`, in
  /// one operator, as Combine's `tryMap` after `tryMap` does.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
  }
}
