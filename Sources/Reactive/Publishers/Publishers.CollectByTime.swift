extension Publisher {
  /// Collects values into arrays by time, or by time or count, as `strategy` says: `.byTime` delivers
  /// what came in at each tick of a timer of the given interval, `.byTimeOrCount` also as soon as the
  /// given count of values has come in.
  ///
  /// The timer starts at the subscription and ticks on the scheduler; a tick with nothing collected
  /// delivers nothing. `.finished` delivers what is left, then finishes; a failure drops it. Each array
  /// takes one of the downstream's demand: what is collected waits while the downstream has asked for
  /// nothing.
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

extension Publishers {
  /// How `collect(_:options:)` groups values.
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// Delivers what came in at each tick of a timer of this interval on this scheduler.
    case byTime(Context, Context.SchedulerTimeType.Stride)
    /// Delivers what came in at each tick, and as soon as this many values have come in.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }

  /// A publisher that collects its upstream's values into arrays by time, or by time or count.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values collected between deliveries.
    public typealias Output = [Upstream.Output]
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher collected.
    public let upstream: Upstream
    /// When an array is delivered.
    public let strategy: TimeGroupingStrategy<Context>
    /// How the timer is scheduled.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher collecting `upstream`'s values as `strategy` says.
    public init(
      upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      switch strategy {
      case .byTime(let scheduler, let interval):
        upstream.receive(
          subscriber: Inner(
            downstream: subscriber, scheduler: scheduler, interval: interval, count: nil, options: options))
      case .byTimeOrCount(let scheduler, let interval, let count):
        precondition(count > 0, "collect(.byTimeOrCount) needs a count of one or more")
        upstream.receive(
          subscriber: Inner(
            downstream: subscriber, scheduler: scheduler, interval: interval, count: count, options: options))
      }
    }
  }
}

extension Publishers.CollectByTime {
  /// Upstream demand as Combine asks it: by time, one value at the downstream's each request and one
  /// more after each value; by time or count, `count` values for each array the downstream requests.
  /// Arrays are taken and delivered under a recursive lock of their own, so that a tick and a full
  /// count on another thread deliver one at a time and in order.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var status = SubscriptionStatus.awaiting
      var downstream: Downstream?
      var collected: [Input] = []
      /// Arrays requested by the downstream and not yet delivered.
      var demand = Subscribers.Demand.none
      var timer: (any Cancellable)?
      /// The upstream finished with values left that wait for the downstream's demand.
      var finishPending = false

      /// Takes the values collected, if any, for a delivery the downstream has asked for.
      mutating func takeGroup() -> (Downstream, [Input])? {
        guard !collected.isEmpty, demand > .none, let downstream else { return nil }
        demand -= 1
        defer { collected.removeAll() }
        return (downstream, collected)
      }

      mutating func end() -> (Downstream?, (any Subscription)?, (any Cancellable)?) {
        defer {
          downstream = nil
          collected = []
          timer = nil
          finishPending = false
        }
        return (downstream, status.terminate(), timer)
      }
    }

    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    /// The count that delivers an array at once; `nil` by time only.
    private let count: Int?
    private let options: Context.SchedulerOptions?
    private let state: LockedState<State>
    private let downstreamLock = PlainLock.make(recursive: true)

    init(
      downstream: Downstream, scheduler: Context, interval: Context.SchedulerTimeType.Stride, count: Int?,
      options: Context.SchedulerOptions?
    ) {
      self.scheduler = scheduler
      self.interval = interval
      self.count = count
      self.options = options
      state = .make(State(downstream: downstream))
    }

    var combineName: String { "CollectByTime" }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.status.accept(subscription) ? state.downstream : nil
      }
      guard let downstream else { return subscription.cancel() }
      let timer = scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: scheduler.minimumTolerance,
        options: options
      ) { self.tick() }
      state.withLock { state -> (any Cancellable)? in
        guard state.status.subscription != nil else { return timer }
        state.timer = timer
        return nil
      }?.cancel()
      downstreamLock.withLock { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let full: Bool? = state.withLock { state in
        guard state.status.subscription != nil, !state.finishPending else { return nil }
        state.collected.append(input)
        return count.map { state.collected.count >= $0 } ?? false
      }
      guard let full else { return .none }
      guard let count else { return .max(1) }
      guard full else { return .none }
      return deliverGroup() * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .failure:
        let (downstream, _, timer) = state.withLock { state in
          state.status.subscription != nil && !state.finishPending ? state.end() : (nil, nil, nil)
        }
        timer?.cancel()
        guard let downstream else { return }
        downstreamLock.withLock { downstream.receive(completion: completion) }
      case .finished:
        let timer: (any Cancellable)?? = state.withLock { state in
          guard state.status.subscription != nil, !state.finishPending else { return nil }
          state.finishPending = true
          defer { state.timer = nil }
          return .some(state.timer)
        }
        guard let timer else { return }
        timer?.cancel()
        finishIfDelivered()
      }
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let (upstream, finishPending) = state.withLock { state -> ((any Subscription)?, Bool) in
        guard state.status.subscription != nil else { return (nil, false) }
        state.demand += demand
        return (state.status.subscription, state.finishPending)
      }
      if finishPending {
        finishIfDelivered()
      } else if let count {
        upstream?.request(demand * count)
      } else {
        upstream?.request(.max(1))
      }
    }

    func cancel() {
      let (_, upstream, timer) = state.withLock { $0.end() }
      timer?.cancel()
      upstream?.cancel()
    }

    private func tick() {
      let more = deliverGroup()
      guard more != .none, let count else { return }
      state.withLock { $0.status.subscription }?.request(more * count)
    }

    /// Delivers what was collected, if the downstream has asked; returns the demand it added.
    private func deliverGroup() -> Subscribers.Demand {
      downstreamLock.withLock {
        guard let (downstream, group) = state.withLock({ $0.takeGroup() }) else { return .none }
        let more = downstream.receive(group)
        state.withLock { $0.demand += more }
        return more
      }
    }

    /// After the upstream finished: delivers what is left once the downstream asks, then finishes.
    private func finishIfDelivered() {
      downstreamLock.withLock {
        let next: (group: (Downstream, [Input])?, end: Downstream?) = state.withLock { state in
          guard state.finishPending, state.status.subscription != nil else { return (nil, nil) }
          if state.collected.isEmpty { return (nil, state.end().0) }
          guard let group = state.takeGroup() else { return (nil, nil) }
          return (group, state.end().0)
        }
        if let (downstream, group) = next.group { _ = downstream.receive(group) }
        next.end?.receive(completion: .finished)
      }
    }
  }
}
