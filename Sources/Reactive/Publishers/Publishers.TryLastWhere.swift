extension Publisher {
  /// Passes on the last value satisfying a predicate that may throw, when upstream finishes; a thrown
  /// error cancels upstream and fails the stream with it.
  ///
  /// Upstream is asked for every value at once; the value waits for the downstream's first request.
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's last value that satisfies a throwing predicate.
  public struct TryLastWhere<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are looked through.
    public let upstream: Upstream
    /// The test, which may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of `upstream`'s last value satisfying `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the value found (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryLastWhere", downstream: subscriber, initial: nil,
          step: { result, value in
            do {
              if try predicate(value) { result = value }
              return .more
            } catch {
              return .fail(error)
            }
          }, mapFailure: { $0 }))
    }
  }
}
