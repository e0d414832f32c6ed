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
  /// As in Combine, it hands the upstream's subscription straight to the downstream, so demand and
  /// cancel go to the upstream directly. It takes one subscription (a second is cancelled), ignores
  /// what arrives after the completion, and lets go of the downstream and the transform once it has
  /// passed the completion on. `receive` calls are serialized by the upstream.
  @usableFromInline
  final class MapInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    struct Payload {
      @usableFromInline let downstream: Downstream
      @usableFromInline let transform: (Input) -> Output

      @inlinable
      init(downstream: Downstream, transform: @escaping (Input) -> Output) {
        self.downstream = downstream
        self.transform = transform
      }
    }

    @usableFromInline let link: DownstreamLink<Payload>
    @usableFromInline var subscribed = false

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Output) {
      link = DownstreamLink(Payload(downstream: downstream, transform: transform))
    }

    @usableFromInline var combineName: String { "Map" }

    @inlinable
    func receive(subscription: any Subscription) {
      guard !subscribed else { return subscription.cancel() }
      subscribed = true
      if link.withPayload({ $0.downstream.receive(subscription: subscription) }) == nil {
        subscription.cancel()
      }
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
      link.withPayload { $0.downstream.receive($0.transform(input)) } ?? .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      link.endAfter { $0.downstream.receive(completion: completion) }
    }
  }
}
