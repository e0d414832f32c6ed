extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error cancels upstream and fails the
  /// stream with it.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's values with a throwing closure.
  ///
  /// Its failure is `any Error`: the upstream's failure or the error thrown.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates a publisher applying `transform` to `upstream`'s values.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Publishers.TryMapInner<Upstream.Output, Upstream.Failure, S>(
          downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers {
  /// The subscriber and subscription of ``Publishers/TryMap``. As Combine's, it keeps no end for
  /// values: every value is transformed and passed on, before the subscription, after the completion
  /// and after a cancel, and a throw fails the stream each time (cancelling the upstream the first
  /// time). A completion passes on only while it holds its subscription. It keeps its downstream
  /// and transform until it is released (OpenCombine's `MapTests.testTryMapFailureBecauseOfThrow`,
  /// `testTryMapCancel`, `testTryMapReceiveValueBeforeSubscription`, `testTryMapLifecycle`).
  @usableFromInline
  final class TryMapInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Failure == any Error {
    @usableFromInline typealias Failure = UpstreamFailure

    @usableFromInline let downstream: Downstream
    @usableFromInline let transform: (Input) throws -> Downstream.Input
    @usableFromInline let status = LockedState.make(SubscriptionStatus.awaiting)

    @inlinable
    init(downstream: Downstream, transform: @escaping (Input) throws -> Downstream.Input) {
      self.downstream = downstream
      self.transform = transform
    }

    @usableFromInline var description: String { "TryMap" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable
    func receive(subscription: any Subscription) {
      guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      let output: Downstream.Input
      do {
        output = try transform(input)
      } catch {
        status.withLock { $0.terminate() }?.cancel()
        downstream.receive(completion: .failure(error))
        return .none
      }
      return downstream.receive(output)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
      guard status.withLock({ $0.terminate() }) != nil else { return }
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
      status.withLock { $0.terminate() }?.cancel()
    }
  }
}

extension Publishers.TryMap {
  /// Transforms each value with this operator's throwing transform, then `transform`, in one
  /// operator, as Combine's `map` after `tryMap` does: the result is a `TryMap` of the same upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
  }

  /// Transforms each value with this operator's throwing transform, then the throwing `transform`, in
  /// one operator, as Combine's `tryMap` after `tryMap` does.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
  }
}
