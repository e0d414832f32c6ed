extension Publisher {
  /// Passes on whether upstream publishes a value satisfying `predicate`: `true` as soon as it does
  /// (cancelling upstream), `false` when upstream finishes without one.
  ///
  /// Upstream is asked for every value at once; the answer waits for the downstream's first request.
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether its upstream publishes a value satisfying a predicate.
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    /// Whether such a value was published.
    public typealias Output = Bool
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The test.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher of whether `upstream` publishes a value satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the answer, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "ContainsWhere", downstream: subscriber, initial: false,
          step: { result, value in
            guard predicate(value) else { return .more }
            result = true
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
