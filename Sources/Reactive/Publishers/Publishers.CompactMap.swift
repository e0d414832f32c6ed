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
  @usableFromInline
  final class CompactMapInner<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) -> Output?

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) -> Output?) {
      self.downstream = downstream
      self.transform = transform
    }

    @usableFromInline var description: String { "CompactMap" }

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
