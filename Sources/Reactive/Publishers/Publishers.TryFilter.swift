extension Publisher {
  /// Passes on only the values for which `isIncluded` returns true; a thrown error cancels upstream
  /// and fails the stream with it.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that passes on the values of its upstream that satisfy a throwing predicate.
  ///
  /// A value left out does not use up downstream demand: the filter asks upstream for one more.
  public struct TryFilter<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// The predicate.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates a publisher passing on `upstream`'s values that satisfy `isIncluded`.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` behind the predicate.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let isIncluded = isIncluded
      upstream.receive(
        subscriber:
          Publishers.TryFilterInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber,
            step: { input in
              do { return try isIncluded(input) ? .send(input) : .skip } catch { return .fail(error) }
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The subscriber ``TryFilter`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class TryFilterInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "TryFilter" }
    @usableFromInline override var trapsEventsBeforeSubscription: Bool { true }
    /// The downstream, as Combine's (OpenCombine's `testTryFilterReflection`).
    @usableFromInline override var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
  }
}

extension Publishers.Filter {
  /// Keeps the values this filter keeps and `isIncluded` then keeps, in one operator, as Combine's
  /// `tryFilter` after `filter` does: the result is a `TryFilter` of the same upstream.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}

extension Publishers.TryFilter {
  /// Keeps the values this filter keeps and `isIncluded` then keeps, in one operator, as Combine's
  /// `filter` after `tryFilter` does: the result is a `TryFilter` of the same upstream.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }

  /// Keeps the values this filter keeps and `isIncluded` then keeps, in one operator, as Combine's
  /// `tryFilter` after `tryFilter` does: the result is a `TryFilter` of the same upstream.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}
