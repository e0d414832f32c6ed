extension Publisher {
  /// Passes on a running accumulation: each value is combined with the previous result, starting from
  /// `initialResult`.
  @inlinable
  public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
    -> Publishers.Scan<Self, T>
  {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the running accumulation of its upstream's values.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are accumulated.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Combines the previous result with a value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher accumulating `upstream`'s values from `initialResult`.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber`, which receives each new result.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: ScanInner<Upstream.Output, S>(
          downstream: subscriber, initial: initialResult, combine: nextPartialResult))
    }
  }
}

extension Publishers {
  /// The subscriber that ``Scan`` puts between its upstream and downstream. It lives outside the
  /// generic publisher type so that its type does not repeat the upstream's: the optimizer refuses to
  /// specialize through types that look like they grow without end.
  ///
  /// As Combine's, it keeps no state but the running result: it hands the upstream's subscription
  /// straight to the downstream and passes on whatever the upstream sends, a value or completion after
  /// the completion included. It holds the downstream and the closure for as long as the upstream
  /// holds it; `receive` calls are serialized by the upstream, so the result needs no lock.
  @usableFromInline
  final class ScanInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let combine: (Output, Input) -> Output
    @usableFromInline var result: Output

    @inlinable
    init(downstream: Downstream, initial: Output, combine: @escaping (Output, Input) -> Output) {
      self.downstream = downstream
      self.combine = combine
      result = initial
    }

    @usableFromInline var combineName: String { "Scan" }

    /// As Combine's: the downstream and the running result.
    @usableFromInline var reflectedChildren: [Mirror.Child] {
      [("downstream", downstream), ("result", result)]
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      result = combine(result, input)
      return downstream.receive(result)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
