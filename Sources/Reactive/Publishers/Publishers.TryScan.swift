extension Publisher {
  /// Passes on a running accumulation made with a closure that may throw, starting from
  /// `initialResult`; a thrown error cancels upstream and fails the stream with it.
  @inlinable
  public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T)
    -> Publishers.TryScan<Self, T>
  {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the running accumulation of its upstream's values, made with a throwing closure.
  ///
  /// Each subscription accumulates from `initialResult` on its own.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are accumulated.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Combines the previous result with a value.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher accumulating `upstream`'s values from `initialResult`.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber`, which receives each new result.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      var result = initialResult
      upstream.receive(
        subscriber:
          Publishers.TryScanInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber,
            step: { input in
              do {
                result = try combine(result, input)
                return .send(result)
              } catch {
                return .fail(error)
              }
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The subscriber ``TryScan`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class TryScanInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "TryScan" }
  }
}
