extension Publisher {
  /// Transforms each value with `transform`.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms each value of its upstream.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher applying `transform` to `upstream`'s values.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: MapInner<Upstream.Output, S>(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers {
  /// The subscriber that ``Map`` puts between its upstream and downstream. It lives outside the
  /// generic publisher type so that its type does not repeat the upstream's: the optimizer refuses to
  /// specialize through types that look like they grow without end.
  ///
  /// As Combine's, it keeps no state: it hands the upstream's subscription straight to the downstream
  /// (so demand and cancel go to the upstream directly) and passes on whatever the upstream sends, a
  /// value or completion after the completion included; the demand a value returns is the
  /// downstream's. It holds the downstream and the transform for as long as the upstream holds it.
  @usableFromInline
  struct MapInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Output
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Output) {
      self.downstream = downstream
      self.transform = transform
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { "Map" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(transform(input))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}

extension Publishers.Map {
  /// Transforms each value with this map's transform, then `transform`, in one operator, as Combine's
  /// `map` after `map` does: the result is a `Map` of the same upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
    let first = self.transform
    return Publishers.Map(upstream: upstream) { transform(first($0)) }
  }

  /// Transforms each value with this map's transform, then the throwing `transform`, in one operator,
  /// as Combine's `tryMap` after `map` does: the result is a `TryMap` of the same upstream.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
  }
}
