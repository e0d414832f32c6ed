extension Publisher {
  /// Combines every value into one result with a closure that may throw, and passes the result on
  /// when upstream finishes.
  ///
  /// Upstream is asked for every value at once; the result waits for the downstream's first request.
  /// A thrown error cancels upstream and fails the stream with it.
  public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T)
    -> Publishers.TryReduce<Self, T>
  {
    Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the one result of combining all its upstream's values with a throwing closure.
  public struct TryReduce<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are combined.
    public let upstream: Upstream
    /// The result before the first value.
    public let initial: Output
    /// Combines the result so far with a value, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher combining `upstream`'s values from `initial` with `nextPartialResult`.
    public init(
      upstream: Upstream, initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber`, which receives the result, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryReduce", downstream: subscriber, initial: initial,
          step: { result, value in
            do {
              result = try result.map { try combine($0, value) }
              return .more
            } catch {
              return .fail(error)
            }
          }, mapFailure: { $0 }))
    }
  }
}
