extension Publisher {
  /// Passes on whether every value satisfies a predicate that may throw: `false` as soon as one does
  /// not, `true` when upstream finishes; a thrown error cancels upstream and fails the stream with it.
  ///
  /// Upstream is asked for every value at once; the answer waits for the downstream's first request.
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>
  {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether all its upstream's values satisfy a throwing predicate.
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    /// Whether every value satisfied the predicate.
    public typealias Output = Bool
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are tested.
    public let upstream: Upstream
    /// The test, which may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of whether all of `upstream`'s values satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`, which receives the answer, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryAllSatisfy", downstream: subscriber, initial: true,
          step: { result, value in
            do {
              if try predicate(value) { return .more }
            } catch {
              return .fail(error)
            }
            result = false
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}
