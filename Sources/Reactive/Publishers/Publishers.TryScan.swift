extension Publisher {
  /// Passes on a running accumulation made with a closure that may throw, starting from
  /// `initialResult`; a thrown error cancels upstream and fails the stream with it.
  @inlinable
  public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T)
    -> Publishers.TryScan<Self, T>
  {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the running accumulation of its upstream's values, made with a throwing closure.
  ///
  /// Each subscription accumulates from `initialResult` on its own.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are accumulated.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Combines the previous result with a value.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher accumulating `upstream`'s values from `initialResult`.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber`, which receives each new result.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Publishers.TryScanInner<Upstream.Output, Upstream.Failure, S>(
          downstream: subscriber, initialResult: initialResult, nextPartialResult: nextPartialResult))
    }
  }
}

extension Publishers {
  /// The subscriber and subscription of ``Publishers/TryScan``. As Combine's, it keeps no end for
  /// values: every value is accumulated and the result passed on, before the subscription, after the
  /// completion and after a cancel. The first throw while subscribed cancels the upstream and fails the
  /// stream; a later one, or one before the subscription, is answered with no demand and nothing
  /// else. A completion or request passes on only while it holds its subscription, and a cancel before
  /// the subscription leaves the subscription it then receives uncancelled. It keeps its downstream
  /// and closure until it is released (OpenCombine's `ScanTests.testTryScanFailureBecauseOfThrow`,
  /// `testTryScanCancel`, `testTryScanFailureOnCompletion`, `testTryScanCancelBeforeSubscription`,
  /// `testTryScanCompletionBeforeSubscription`, `testTryScanLifecycle`, `testTryScanReflection`).
  @usableFromInline
  final class TryScanInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Failure == any Error {
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let nextPartialResult: (Downstream.Input, Input) throws -> Downstream.Input
    /// The running result; `receive(_:)` calls are serialized by the upstream, so it needs no lock.
    @usableFromInline var result: Downstream.Input
    @usableFromInline let status = LockedState.make(SubscriptionStatus.awaiting)

    @inlinable
    init(
      downstream: Downstream, initialResult: Downstream.Input,
      nextPartialResult: @escaping (Downstream.Input, Input) throws -> Downstream.Input
    ) {
      self.downstream = downstream
      self.nextPartialResult = nextPartialResult
      result = initialResult
    }

    @usableFromInline var description: String { "TryScan" }
    @usableFromInline var customMirror: Mirror {
      let status = status.withLock { $0 }
      return Mirror(self, children: ["downstream": downstream, "status": status, "result": result])
    }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable
    func receive(subscription: any Subscription) {
      guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      do {
        result = try nextPartialResult(result, input)
      } catch {
        guard let upstream = endIfSubscribed() else { return .none }
        upstream.cancel()
        downstream.receive(completion: .failure(error))
        return .none
      }
      return downstream.receive(result)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
      guard endIfSubscribed() != nil else { return }
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let failure): downstream.receive(completion: .failure(failure))
      }
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      status.withLock { $0.subscription }?.request(demand)
    }

    @inlinable
    func cancel() {
      endIfSubscribed()?.cancel()
    }

    /// Moves to the end if it holds its subscription, returning it; otherwise changes nothing.
    @inlinable
    func endIfSubscribed() -> (any Subscription)? {
      status.withLock { status in
        guard let upstream = status.subscription else { return nil }
        status = .terminal
        return upstream
      }
    }
  }
}
