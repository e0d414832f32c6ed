extension Publisher {
  /// Passes on the smallest value by an ordering that may throw, when upstream finishes; a thrown
  /// error cancels upstream and fails the stream with it.
  ///
  /// Each value is compared as `areInIncreasingOrder(value, smallestSoFar)`, as in Combine.
  public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryComparison<Self>
  {
    Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
  }

  /// Passes on the largest value by an ordering that may throw, when upstream finishes; a thrown
  /// error cancels upstream and fails the stream with it.
  ///
  /// Each value is compared as `areInIncreasingOrder(largestSoFar, value)`, as in Combine.
  public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryComparison<Self>
  {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher of its upstream's greatest value by an ordering that may throw: each value replaces
  /// the result when `areInIncreasingOrder(result, value)`. `tryMin(by:)` passes the ordering reversed.
  public struct TryComparison<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are compared.
    public let upstream: Upstream
    /// The ordering, which may throw.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher of `upstream`'s greatest value by `areInIncreasingOrder`.
    public init(
      upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Attaches `subscriber`, which receives the value found (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let ordered = areInIncreasingOrder
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Upstream.Failure, S>(
          "TryComparison", downstream: subscriber, initial: nil,
          step: { result, value in
            do {
              if let current = result, try !ordered(current, value) { return .more }
            } catch {
              return .fail(error)
            }
            result = value
            return .more
          }, mapFailure: { $0 }))
    }
  }
}
