extension Publisher {
  /// Passes on the last value satisfying `predicate` when upstream finishes; finishes without a value
  /// when none did.
  ///
  /// Upstream is asked for every value at once; the value waits for the downstream's first request.
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's last value that satisfies a predicate.
  public struct LastWhere<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The test.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher of `upstream`'s last value satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the value found (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "LastWhere", downstream: subscriber, initial: nil,
          step: { result, value in
            if predicate(value) { result = value }
            return .more
          }, mapFailure: { $0 }))
    }
  }
}
