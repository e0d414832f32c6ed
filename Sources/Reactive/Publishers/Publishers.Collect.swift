extension Publisher {
  /// Collects every value and passes them on as one array when upstream finishes.
  ///
  /// As Combine's, it asks upstream for every value as soon as it is subscribed, so values sent before
  /// the downstream asks are kept; the array and `.finished` wait for the downstream's first request.
  /// An upstream that finishes without values gives an empty array; a failure is passed on at once,
  /// instead of the array.
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// A publisher that gathers all of its upstream's values into one array.
  public struct Collect<Upstream: Publisher>: Publisher {
    /// Every upstream value, in order.
    public typealias Output = [Upstream.Output]
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// Creates a publisher collecting `upstream`'s values.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives one array, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Collect", downstream: subscriber, initial: [],
          step: { result, value in
            result?.append(value)
            return .more
          }, mapFailure: { $0 },
          // Combine's mirror has one child: how many values are collected so far.
          children: { [("count", $0?.count ?? 0)] }))
    }
  }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
