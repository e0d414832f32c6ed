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
  /// As in Combine, it hands the upstream's subscription straight to the downstream. It takes one
  /// subscription (a second is cancelled), ignores what arrives after the completion, and lets go of
  /// the downstream and the closure once it has passed the completion on. It holds the running
  /// result; `receive` calls are serialized by the upstream, so it needs no lock.
  @usableFromInline
  final class ScanInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    struct Payload {
      @usableFromInline let downstream: Downstream
      @usableFromInline let combine: (Output, Input) -> Output

      @inlinable
      init(downstream: Downstream, combine: @escaping (Output, Input) -> Output) {
        self.downstream = downstream
        self.combine = combine
      }
    }

    @usableFromInline let link: DownstreamLink<Payload>
    @usableFromInline var result: Output
    @usableFromInline var subscribed = false

    @inlinable
    init(downstream: Downstream, initial: Output, combine: @escaping (Output, Input) -> Output) {
      link = DownstreamLink(Payload(downstream: downstream, combine: combine))
      result = initial
    }

    @usableFromInline var combineName: String { "Scan" }

    /// As Combine's: the downstream (while held) and the running result.
    @usableFromInline var reflectedChildren: [Mirror.Child] {
      let downstream = link.withPayload { $0.downstream as Any }
      return [("downstream", downstream as Any), ("result", result)]
    }

    @inlinable
    func receive(subscription: any Subscription) {
      guard !subscribed else { return subscription.cancel() }
      subscribed = true
      if link.withPayload({ $0.downstream.receive(subscription: subscription) }) == nil {
        subscription.cancel()
      }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      link.withPayload { payload in
        result = payload.combine(result, input)
        return payload.downstream.receive(result)
      } ?? .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      link.endAfter { $0.downstream.receive(completion: completion) }
    }
  }
}
