extension Publisher {
  /// Passes on whether every value satisfies `predicate`: `false` as soon as one does not (cancelling
  /// upstream), `true` when upstream finishes, also when it had no values.
  ///
  /// Upstream is asked for every value at once; the answer waits for the downstream's first request.
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether all its upstream's values satisfy a predicate.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    /// Whether every value satisfied the predicate.
    public typealias Output = Bool
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are tested.
    public let upstream: Upstream
    /// The test.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher of whether all of `upstream`'s values satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the answer, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "AllSatisfy", downstream: subscriber, initial: true,
          step: { result, value in
            if predicate(value) { return .more }
            result = false
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
