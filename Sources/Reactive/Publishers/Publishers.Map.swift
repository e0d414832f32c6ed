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
  @usableFromInline
  final class MapInner<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Output

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Output) {
      self.downstream = downstream
      self.transform = transform
    }

    @usableFromInline var description: String { "Map" }

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
