extension Publisher {
  /// Passes on the last value when upstream finishes; finishes without a value when it had none.
  ///
  /// Upstream is asked for every value at once; the value waits for the downstream's first request.
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }
}

extension Publishers {
  /// A publisher of its upstream's last value.
  public struct Last<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose last value is passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s last value.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives the last value (if any), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "Last", downstream: subscriber, initial: nil,
          step: { result, value in
            result = value
            return .more
          }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
