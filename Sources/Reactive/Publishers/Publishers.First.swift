extension Publisher {
  /// Passes on the first value, then finishes, cancelling upstream; finishes without a value when
  /// upstream finishes first.
  @inlinable
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }
}

extension Publishers {
  /// A publisher that passes on its upstream's first value and finishes.
  ///
  /// As Combine's, it asks upstream for every value as soon as it is subscribed; the first value
  /// cancels upstream and waits, with `.finished`, for the downstream's first request.
  public struct First<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails first.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first value is passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s first value.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: ReducingInner<Upstream.Output, Failure, S>(
          "First", downstream: subscriber, initial: nil,
          step: { result, value in
            result = value
            return .finish
          }, mapFailure: { $0 }))
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}
