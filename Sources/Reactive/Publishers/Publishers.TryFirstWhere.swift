extension Publisher {
  /// Passes on the first value satisfying a predicate that may throw, then finishes, cancelling
  /// upstream; finishes without a value when upstream finishes first. A thrown error cancels upstream
  /// and fails the stream with it.
  ///
  /// Upstream is asked for every value at once; the value waits for the downstream's first request.
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's first value that satisfies a throwing predicate.
  public struct TryFirstWhere<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The test, which may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of `upstream`'s first value satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the value found (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryFirstWhere", downstream: subscriber, initial: nil,
          step: { result, value in
            do {
              guard try predicate(value) else { return .more }
            } catch {
              return .fail(error)
            }
            result = value
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
