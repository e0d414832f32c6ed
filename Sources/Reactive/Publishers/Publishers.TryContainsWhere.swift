extension Publisher {
  /// Passes on whether upstream publishes a value satisfying a predicate that may throw: `true` as soon
  /// as it does, `false` when upstream finishes without one; a thrown error cancels upstream and fails
  /// the stream with it.
  ///
  /// Upstream is asked for every value at once; the answer waits for the downstream's first request.
  public func tryContains(where predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryContainsWhere<Self>
  {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether its upstream publishes a value satisfying a throwing predicate.
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    /// Whether such a value was published.
    public typealias Output = Bool
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The test, which may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of whether `upstream` publishes a value satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the answer, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryContainsWhere", downstream: subscriber, initial: false,
          step: { result, value in
            do {
              guard try predicate(value) else { return .more }
            } catch {
              return .fail(error)
            }
            result = true
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
