extension Publisher {
  /// Combines every value into one result, starting from `initialResult`, and passes the result on
  /// when upstream finishes.
  ///
  /// Upstream is asked for every value at once; the result waits for the downstream's first request.
  /// A failure is passed on instead of the result.
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
    -> Publishers.Reduce<Self, T>
  {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the one result of combining all its upstream's values.
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are combined.
    public let upstream: Upstream
    /// The result before the first value.
    public let initial: Output
    /// Combines the result so far with a value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher combining `upstream`'s values from `initial` with `nextPartialResult`.
    public init(
      upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber`, which receives the result, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let combine = nextPartialResult
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Reduce", downstream: subscriber, initial: initial,
          step: { result, value in
            result = result.map { combine($0, value) }
            return .more
          }, mapFailure: { $0 }))
    }
  }
}
