extension Publisher {
  /// Transforms each value with `transform` and passes on the results that are not `nil`.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's values and drops the `nil` results.
  ///
  /// A dropped value does not use up downstream demand: the operator asks upstream for one more.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation; `nil` drops the value.
    public let transform: (Upstream.Output) -> Output?

    /// Creates a publisher applying `transform` to `upstream`'s values, dropping `nil` results.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: CompactMapInner<Upstream.Output, S>(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers {
  /// The subscriber that ``CompactMap`` puts between its upstream and downstream. It lives outside the
  /// generic publisher type so that its type does not repeat the upstream's: the optimizer refuses to
  /// specialize through types that look like they grow without end.
  ///
  /// As Combine's, it keeps no state: it hands the upstream's subscription straight to the downstream
  /// and passes on whatever the upstream sends, a value or completion after the completion included;
  /// a `nil` result asks upstream for one more. It holds the downstream and the transform for as long
  /// as the upstream holds it.
  @usableFromInline
  struct CompactMapInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Output?
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Output?) {
      self.downstream = downstream
      self.transform = transform
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { "CompactMap" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      guard let output = transform(input) else { return .max(1) }
      return downstream.receive(output)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}

extension Publishers.CompactMap {
  /// Transforms each value with this operator's transform, then `transform`, passing on the results
  /// that are not `nil`, in one operator, as Combine's `compactMap` after `compactMap` does: the
  /// result is a `CompactMap` of the same upstream.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
  }

  /// Transforms each value with this operator's transform, then `transform`, in one operator, as
  /// Combine's `map` after `compactMap` does: the result is a `CompactMap` of the same upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
  }
}
