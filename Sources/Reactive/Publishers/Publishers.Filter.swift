extension Publisher {
  /// Passes on only the values for which `isIncluded` returns true.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that passes on the values of its upstream that satisfy a predicate.
  ///
  /// A value left out does not use up downstream demand: the filter asks upstream for one more.
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// The predicate.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher passing on `upstream`'s values that satisfy `isIncluded`.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` behind the predicate.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: FilterInner(downstream: subscriber, isIncluded: isIncluded))
    }
  }
}

extension Publishers {
  /// The subscriber that ``Filter`` puts between its upstream and downstream. It lives outside the
  /// generic publisher type so that its type does not repeat the upstream's: the optimizer refuses to
  /// specialize through types that look like they grow without end.
  ///
  /// As in Combine, it hands the upstream's subscription straight to the downstream. It takes one
  /// subscription (a second is cancelled), ignores what arrives after the completion, and lets go of
  /// the downstream and the predicate once it has passed the completion on. `receive` calls are
  /// serialized by the upstream.
  @usableFromInline
  final class FilterInner<Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    struct Payload {
      @usableFromInline let downstream: Downstream
      @usableFromInline let isIncluded: (Output) -> Bool

      @inlinable
      init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
      }
    }

    @usableFromInline let link: DownstreamLink<Payload>
    @usableFromInline var subscribed = false

    @inlinable
    init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool) {
      link = DownstreamLink(Payload(downstream: downstream, isIncluded: isIncluded))
    }

    @usableFromInline var combineName: String { "Filter" }

    @inlinable
    func receive(subscription: any Subscription) {
      guard !subscribed else { return subscription.cancel() }
      subscribed = true
      if link.withPayload({ $0.downstream.receive(subscription: subscription) }) == nil {
        subscription.cancel()
      }
    }

    @inlinable
    func receive(_ input: Output) -> Subscribers.Demand {
      link.withPayload { $0.isIncluded(input) ? $0.downstream.receive(input) : .max(1) } ?? .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      link.endAfter { $0.downstream.receive(completion: completion) }
    }
  }
}
