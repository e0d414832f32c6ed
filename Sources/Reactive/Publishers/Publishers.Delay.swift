extension Publisher {
  /// Delivers every value and the completion `interval` later on `scheduler`; the subscription is
  /// handed on at once, and demand is not delayed.
  ///
  /// `tolerance` defaults to the scheduler's minimum tolerance. Cancelling drops the values still on
  /// their way; a completion received before the cancel is still delivered, when its time comes, as in
  /// Combine.
  @inlinable
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion after a delay.
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails, late, when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher delayed.
    public let upstream: Upstream
    /// How long each event is held back.
    public let interval: Context.SchedulerTimeType.Stride
    /// How late the scheduler may run a delivery.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// Whose clock measures the delay, and where events are delivered.
    public let scheduler: Context
    /// How deliveries are scheduled.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher delaying `upstream`'s events by `interval` on `scheduler`.
    @inlinable
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` behind the delay.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber:
          DelayInner(
            downstream: subscriber, interval: interval, tolerance: tolerance, scheduler: scheduler,
            options: options))
    }
  }
}

extension Publishers {
  /// Schedules a timer for each event, then delivers the events in the order they came in, one thread at
  /// a time, each once its timer has run: on a concurrent queue, whose timers may run out of order, a
  /// timer that runs first delivers the earlier events before its own.
  /// It lives outside the generic publisher type so that its type does not repeat the upstream's, and
  /// the optimizer specializes it. As Combine's, it has no description, playground description or
  /// mirror of its own, and it keeps its downstream until it is released itself: a timer not yet run
  /// keeps it alive (OpenCombine's `DelayTests.testDelayLifecycle` and
  /// `testStrongCaptureWhenSchedulingValue`).
  @usableFromInline
  final class DelayInner<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    @unchecked Sendable
  {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline
    struct State {
      @usableFromInline var status = SubscriptionStatus.awaiting
      /// Whether the downstream cancelled: no value is delivered any more, but a completion received
      /// before the cancel still is, when its timer runs, as Combine's (OpenCombine's
      /// `DelayTests.testStrongCaptureWhenSchedulingCompletion`).
      @usableFromInline var cancelled = false
      /// Whether upstream has completed (its completion is on its way).
      @usableFromInline var completed = false
      @usableFromInline var due = DeliveryQueue<Output, Failure>()
      /// Events received and not yet due, in the order they came in.
      @usableFromInline var waiting = DeliveryQueue<Output, Failure>()
      /// How many events were received, and how many of them were moved from `waiting` to `due`.
      @usableFromInline var received = 0
      @usableFromInline var moved = 0

      /// Keeps `event` until its timer runs; returns its number in the order of arrival.
      @inlinable
      mutating func wait(_ event: DeliveryQueue<Output, Failure>.Event) -> Int {
        waiting.append(event: event)
        received += 1
        return received - 1
      }

      /// Makes the event numbered `number` due, with every event that came in before it: a timer that
      /// runs before an earlier event's (as on a concurrent queue) delivers that one first.
      @inlinable
      mutating func makeDue(upTo number: Int) {
        while moved <= number, let event = waiting.next() {
          due.append(event: event)
          moved += 1
        }
      }

      @inlinable
      init() {}
    }

    @usableFromInline let interval: Context.SchedulerTimeType.Stride
    @usableFromInline let tolerance: Context.SchedulerTimeType.Stride
    @usableFromInline let scheduler: Context
    @usableFromInline let options: Context.SchedulerOptions?
    @usableFromInline let downstream: Downstream
    @usableFromInline let state: LockedState<State>

    @inlinable
    init(
      downstream: Downstream, interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
      self.downstream = downstream
      state = .make(State())
    }

    /// Hands the subscription downstream at once, as Combine does.
    @inlinable
    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      let number: Int? = state.withLock { state in
        guard state.status.subscription != nil, !state.completed else { return nil }
        return state.wait(.value(input))
      }
      if let number { schedule(number) }
      return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      let number: Int? = state.withLock { state in
        guard state.status.subscription != nil, !state.completed else { return nil }
        state.completed = true
        return state.wait(.completion(completion))
      }
      if let number { schedule(number) }
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.status.subscription }?.request(demand)
    }

    @inlinable
    func cancel() {
      let upstream = state.withLock { state in
        defer {
          state.cancelled = true
          if !state.completed {
            state.due.removeAll()
            state.waiting.removeAll()
          }
        }
        return state.status.terminate()
      }
      upstream?.cancel()
    }

    /// Runs a timer one interval from now for the event numbered `number`, which makes it due (with
    /// any earlier one still waiting) and delivers.
    @inlinable
    func schedule(_ number: Int) {
      scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options)
      {
        let claimed = self.state.withLock { state -> Bool in
          state.makeDue(upTo: number)
          return state.due.claim()
        }
        if claimed { self.deliverDue() }
      }
    }

    @inlinable
    func deliverDue() {
      while let event = state.withLock({ state -> DeliveryQueue<Output, Failure>.Event? in
        while let event = state.due.next() {
          if case .value = event, state.cancelled { continue }
          return event
        }
        return nil
      }) {
        switch event {
        case .value(let value):
          let more = downstream.receive(value)
          if more != .none { state.withLock { $0.status.subscription }?.request(more) }
        case .completion(let completion):
          state.withLock { $0.status = .terminal }
          downstream.receive(completion: completion)
        }
      }
    }
  }
}
