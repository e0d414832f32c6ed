extension Publisher {
  /// Turns upstream's failure into another error with `transform`; values pass unchanged.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that converts its upstream's failure into another error.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output

    /// The publisher whose failure is converted.
    public let upstream: Upstream
    /// Converts the failure.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher converting `upstream`'s failure with `map`.
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    /// Attaches `subscriber` behind the conversion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Publishers.MapErrorInner<Upstream.Failure, S>(
          downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers {
  /// The subscriber ``MapError`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  ///
  /// As Combine's, it keeps no state: it hands the upstream's own subscription to the downstream (a
  /// subscriber of `subject.mapError(...)` is given the subject's subscription), and passes on
  /// whatever the upstream sends, a second completion included; the demand a value returns is the
  /// downstream's. It holds the downstream and the transform for as long as the upstream holds it.
  @usableFromInline
  struct MapErrorInner<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (UpstreamFailure) -> Downstream.Failure
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, transform: @escaping (UpstreamFailure) -> Downstream.Failure) {
      self.downstream = downstream
      self.transform = transform
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { "MapError" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let failure): downstream.receive(completion: .failure(transform(failure)))
      }
    }
  }
}
