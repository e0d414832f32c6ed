extension Publisher where Output: Comparable {
  /// Passes on the smallest value when upstream finishes (the first of equal ones); finishes without
  /// a value when upstream had none.
  ///
  /// Upstream is asked for every value at once; the result waits for the downstream's first request.
  public func min() -> Publishers.Comparison<Self> {
    min(by: <)
  }

  /// Passes on the largest value when upstream finishes (the first of equal ones); finishes without a
  /// value when upstream had none.
  ///
  /// Upstream is asked for every value at once; the result waits for the downstream's first request.
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Passes on the smallest value by `areInIncreasingOrder` when upstream finishes; finishes without a
  /// value when upstream had none.
  ///
  /// Each value is compared as `areInIncreasingOrder(value, smallestSoFar)`, as in Combine.
  public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>
  {
    Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
  }

  /// Passes on the largest value by `areInIncreasingOrder` when upstream finishes; finishes without a
  /// value when upstream had none.
  ///
  /// Each value is compared as `areInIncreasingOrder(largestSoFar, value)`, as in Combine.
  public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>
  {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher of its upstream's greatest value by an ordering: each value replaces the result when
  /// `areInIncreasingOrder(result, value)`. `min(by:)` passes the ordering reversed.
  public struct Comparison<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are compared.
    public let upstream: Upstream
    /// The ordering.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher of `upstream`'s greatest value by `areInIncreasingOrder`.
    public init(
      upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber`, which receives the value found (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let ordered = areInIncreasingOrder
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Comparison", downstream: subscriber, initial: nil,
          step: { result, value in
            if let current = result, !ordered(current, value) { return .more }
            result = value
            return .more
          }, mapFailure: { $0 }))
    }
  }
}
