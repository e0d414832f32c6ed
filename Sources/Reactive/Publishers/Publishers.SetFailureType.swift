extension Publisher where Failure == Never {
  /// Gives this publisher, which cannot fail, the failure type `failureType`, so that it can be combined
  /// with publishers that may fail. Nothing else changes.
  @inlinable
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that never fails but declares a failure type.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output

    /// The publisher that cannot fail.
    public let upstream: Upstream

    /// Creates a publisher declaring `Failure` for `upstream`.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Publishers.SetFailureTypeInner<S>(downstream: subscriber))
    }

    /// The same upstream with another failure type.
    @inlinable
    public func setFailureType<E: Error>(to failure: E.Type) -> SetFailureType<Upstream, E> {
      SetFailureType<Upstream, E>(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publishers {
  /// The subscriber ``SetFailureType`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  ///
  /// As Combine's, it keeps no state: it hands the upstream's own subscription to the downstream and
  /// passes on whatever the upstream sends; the demand a value returns is the downstream's.
  @usableFromInline
  struct SetFailureTypeInner<Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Never

    @usableFromInline let downstream: Downstream
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream) {
      self.downstream = downstream
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { "SetFailureType" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: .finished)
    }
  }
}
