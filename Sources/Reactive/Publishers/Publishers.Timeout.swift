extension Publisher {
  /// Ends the stream when `interval` goes by on `scheduler` without a value: with `.finished`, or
  /// with the failure `customError` makes.
  ///
  /// The wait starts when the upstream's subscription arrives, starts again at the downstream's first
  /// request and at each value, and cancels the upstream when it runs out. Values and the upstream's
  /// completion are delivered through `scheduler`. Requests, a zero one too, go upstream as they are.
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
  }
}

extension Publishers {
  /// A publisher that ends its upstream's stream after a quiet interval.
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails, or with the custom error when the wait runs out.
    public typealias Failure = Upstream.Failure

    /// The publisher watched.
    public let upstream: Upstream
    /// How long the upstream may stay quiet.
    public let interval: Context.SchedulerTimeType.Stride
    /// Whose clock measures the wait, and where events are delivered.
    public let scheduler: Context
    /// How the wait and the deliveries are scheduled.
    public let options: Context.SchedulerOptions?
    /// Makes the failure to end with when the wait runs out; `nil` finishes instead.
    public let customError: (() -> Upstream.Failure)?

    /// Creates a publisher that ends `upstream`'s stream after `interval` without a value.
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?, customError: (() -> Upstream.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    /// Attaches `subscriber` behind the timeout.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Inner(
          downstream: subscriber, interval: interval, scheduler: scheduler, options: options,
          customError: customError))
    }
  }
}

extension Publishers.Timeout {
  /// Keeps one timer, replaced at each restart; a timer that fires after being replaced (as a
  /// dispatch timer may, once) is recognised by its number and does nothing. Calls into the
  /// downstream are serialized by a recursive lock of their own, as `debounce`'s are, since the
  /// scheduler may run deliveries and the timer concurrently.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var status = SubscriptionStatus.awaiting
      var downstream: Downstream?
      var customError: (() -> Upstream.Failure)?
      /// Whether the upstream completed; its completion is on its way through the scheduler.
      var completed = false
      /// Whether the downstream has requested anything yet.
      var requested = false
      var timer: (any Cancellable)?
      /// The number of the latest timer started.
      var timerNumber = 0
      /// Whether the downstream has been handed its subscription; until then a timer that fires (an
      /// `ImmediateScheduler`'s, at once) leaves its number here, for the subscribing thread to time
      /// the stream out once it has.
      var handedDown = false
      var firedEarly: Int?

      /// Moves to the end; returns what to let go of and cancel.
      mutating func end() -> (Downstream?, (any Subscription)?, (any Cancellable)?) {
        defer {
          downstream = nil
          customError = nil
          timer = nil
        }
        return (downstream, status.terminate(), timer)
      }
    }

    private let interval: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let state: LockedState<State>
    private let downstreamLock = PlainLock.make(recursive: true)

    init(
      downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?, customError: (() -> Upstream.Failure)?
    ) {
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      state = .make(State(downstream: downstream, customError: customError))
    }

    var combineName: String { "Timeout" }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.status.accept(subscription) ? state.downstream : nil
      }
      guard let downstream else { return subscription.cancel() }
      startTimer()
      downstreamLock.withLock { downstream.receive(subscription: self) }
      let fired: Int? = state.withLock { state in
        state.handedDown = true
        return state.firedEarly
      }
      if let fired { timerFired(fired) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard state.withLock({ $0.status.subscription != nil && !$0.completed }) else { return .none }
      startTimer()
      scheduler.schedule(options: options) { self.deliver(input) }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let timer: (any Cancellable)?? = state.withLock { state in
        guard state.status.subscription != nil, !state.completed else { return nil }
        state.completed = true
        defer { state.timer = nil }
        return .some(state.timer)
      }
      guard let timer else { return }
      timer?.cancel()
      scheduler.schedule(options: options) { self.finish(completion) }
    }

    func request(_ demand: Subscribers.Demand) {
      let (upstream, first) = state.withLock { state -> ((any Subscription)?, Bool) in
        defer { state.requested = true }
        return (state.status.subscription, !state.requested && !state.completed)
      }
      guard let upstream else { return }
      if first { startTimer() }
      // A zero request too, as Combine's (OpenCombine's `TimeoutTests.testRequestWithoutCustomError`).
      upstream.request(demand)
    }

    func cancel() {
      let (_, upstream, timer) = state.withLock { $0.end() }
      timer?.cancel()
      upstream?.cancel()
    }

    /// Starts the wait again: a new timer one interval from now replaces the one running.
    private func startTimer() {
      let deadline = scheduler.now.advanced(by: interval)
      let tolerance = scheduler.minimumTolerance
      let number = state.withLock { state in
        state.timerNumber += 1
        return state.timerNumber
      }
      let timer = scheduler.schedule(
        after: deadline, interval: interval, tolerance: tolerance, options: options
      ) {
        self.timerFired(number)
      }
      state.withLock { state -> (any Cancellable)? in
        // Ended meanwhile, or replaced by a later restart on another thread: this timer is not needed.
        guard state.timerNumber == number, state.status.subscription != nil, !state.completed else {
          return timer
        }
        defer { state.timer = timer }
        return state.timer
      }?.cancel()
    }

    private func timerFired(_ number: Int) {
      let ending: (Downstream, (any Subscription)?, (any Cancellable)?, (() -> Upstream.Failure)?)? =
        state.withLock { state in
          guard state.timerNumber == number, state.status.subscription != nil, !state.completed else {
            return nil
          }
          guard state.handedDown else {
            state.firedEarly = number
            return nil
          }
          let customError = state.customError
          let (downstream, upstream, timer) = state.end()
          return downstream.map { ($0, upstream, timer, customError) }
        }
      guard let (downstream, upstream, timer, customError) = ending else { return }
      timer?.cancel()
      upstream?.cancel()
      let completion: Subscribers.Completion<Failure> = customError.map { .failure($0()) } ?? .finished
      downstreamLock.withLock { downstream.receive(completion: completion) }
    }

    private func deliver(_ input: Input) {
      guard let downstream = state.withLock({ $0.downstream }) else { return }
      let more = downstreamLock.withLock { downstream.receive(input) }
      guard more != .none else { return }
      state.withLock { $0.status.subscription }?.request(more)
    }

    private func finish(_ completion: Subscribers.Completion<Failure>) {
      let (downstream, _, _) = state.withLock { $0.end() }
      guard let downstream else { return }
      downstreamLock.withLock { downstream.receive(completion: completion) }
    }
  }
}
