extension Publisher {
  /// Replaces each value with the time since the previous one (the first: since the subscription),
  /// measured on `scheduler`'s clock.
  ///
  /// The scheduler is only read (`now`), never scheduled on: values arrive on the upstream's thread.
  /// Demand (a zero request too), completion and cancel pass straight through.
  public func measureInterval<S: Scheduler>(
    using scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, S> {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// A publisher that measures the time between its upstream's values.
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The time since the previous value, in the scheduler's stride.
    public typealias Output = Context.SchedulerTimeType.Stride
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher measured.
    public let upstream: Upstream
    /// Whose clock measures.
    public let scheduler: Context

    /// Creates a publisher measuring the intervals between `upstream`'s values on `scheduler`.
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, scheduler: scheduler))
    }
  }
}

extension Publishers.MeasureInterval {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var status = SubscriptionStatus.awaiting
      var downstream: Downstream?
      /// When the previous value (or the subscription) arrived.
      var last: Context.SchedulerTimeType?
    }

    private let scheduler: Context
    private let state: LockedState<State>

    init(downstream: Downstream, scheduler: Context) {
      self.scheduler = scheduler
      state = .make(State(downstream: downstream))
    }

    var combineName: String { "MeasureInterval" }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.status.accept(subscription) ? state.downstream : nil
      }
      guard let downstream else { return subscription.cancel() }
      let start = scheduler.now
      state.withLock { $0.last = start }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard state.withLock({ $0.status.subscription != nil }) else { return .none }
      let now = scheduler.now
      let measured: (Downstream, Output, any Subscription)? = state.withLock { state in
        guard let upstream = state.status.subscription, let downstream = state.downstream,
          let last = state.last
        else { return nil }
        state.last = now
        return (downstream, last.distance(to: now), upstream)
      }
      guard let (downstream, interval, upstream) = measured else { return .none }
      // As Combine's: the demand the value returns is requested, not returned.
      let more = downstream.receive(interval)
      if more != .none { upstream.request(more) }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let downstream: Downstream? = state.withLock { state in
        guard state.status.subscription != nil else { return nil }
        _ = state.status.terminate()
        defer { state.downstream = nil }
        return state.downstream
      }
      downstream?.receive(completion: completion)
    }

    /// Passes every request on as it is, a zero one too, as Combine's (OpenCombine's
    /// MeasureIntervalTests.testRequest).
    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.status.subscription }?.request(demand)
    }

    func cancel() {
      state.withLock { state -> (any Subscription)? in
        defer { state.downstream = nil }
        return state.status.terminate()
      }?.cancel()
    }
  }
}
