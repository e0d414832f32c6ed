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
  /// As Combine's, it keeps no state: it hands the upstream's subscription straight to the downstream
  /// and passes on whatever the upstream sends, a value or completion after the completion included;
  /// a value left out asks upstream for one more. It holds the downstream and the predicate for as
  /// long as the upstream holds it.
  @usableFromInline
  struct FilterInner<Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let isIncluded: (Input) -> Bool
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, isIncluded: @escaping (Input) -> Bool) {
      self.downstream = downstream
      self.isIncluded = isIncluded
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { "Filter" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      isIncluded(input) ? downstream.receive(input) : .max(1)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}

extension Publishers.Filter {
  /// Passes on the values that satisfy this filter's predicate and `isIncluded`, in one operator, as
  /// Combine's `filter` after `filter` does: the result is a `Filter` of the same upstream.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
    let first = self.isIncluded
    return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
  }
}
