extension Publisher where Output: Equatable {
  /// Passes on whether upstream publishes `output`: `true` as soon as it does (cancelling upstream),
  /// `false` when upstream finishes without it.
  ///
  /// Upstream is asked for every value at once; the answer waits for the downstream's first request.
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher of whether its upstream publishes a given value.
  public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
    /// Whether the value was published.
    public typealias Output = Bool
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The value looked for.
    public let output: Upstream.Output

    /// Creates a publisher of whether `upstream` publishes `output`.
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Attaches `subscriber`, which receives the answer, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let wanted = output
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Contains", downstream: subscriber, initial: false,
          step: { result, value in
            guard value == wanted else { return .more }
            result = true
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}
