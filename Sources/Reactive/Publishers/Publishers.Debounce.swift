import Synchronization

extension Publisher {
  /// Passes on a value only once `dueTime` has gone by on `scheduler` without another value.
  ///
  /// Trailing edge only: each value restarts the wait, and the latest value is delivered one interval
  /// after the last one, on the scheduler. A completion drops a value still waiting and is forwarded
  /// at once through the scheduler; cancelling drops it too.
  ///
  /// A subscription keeps at most one timer. A value only moves the deadline; when the timer fires
  /// before a deadline moved later, it is scheduled again for the rest of the wait, so a burst of values
  /// costs one timer per interval, not one per value. The completion and a cancel cancel the timer.
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's latest value after a quiet interval.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher debounced.
    public let upstream: Upstream
    /// How long the upstream must stay quiet before the latest value is delivered.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// Whose clock measures the interval, and where values are delivered.
    public let scheduler: Context
    /// How the timers that deliver values are scheduled; the completion is scheduled without them, as
    /// Combine's is.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher debouncing `upstream` by `dueTime` on `scheduler`.
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` behind the debounce.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: DebounceInner(
          downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
    }
  }
}

extension Publishers {
  /// The subscriber and subscription that ``Debounce`` puts between its upstream and downstream: it
  /// performs what ``DebounceState`` decides, outside its lock. It lives outside the generic publisher
  /// type, and its paths are inlinable, so that a send through it is specialised for the caller's
  /// types and looks up no generic metadata.
  @usableFromInline
  final class DebounceInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CombineReflecting, @unchecked Sendable
  {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure
    @usableFromInline typealias State = DebounceState<Input, Context.SchedulerTimeType>

    /// Kept until this subscriber is released, as Combine's is (a timer that is set keeps this
    /// subscriber, as in OpenCombine's `DebounceTests.testSetupTimerStrongCapture`).
    @usableFromInline let downstream: Downstream
    /// Set by the completion's delivery or a cancel: nothing more reaches the downstream.
    @usableFromInline let ended = Atomic<Bool>(false)
    /// Set once the upstream completed or the downstream cancelled: a value that comes after reads
    /// no clock, as in Combine (OpenCombine's `DebounceTests.testBasicBehavior` and `testDemand`).
    /// The state machine still decides; this only spares the scheduler the call.
    @usableFromInline let closed = Atomic<Bool>(false)
    @usableFromInline let dueTime: Context.SchedulerTimeType.Stride
    @usableFromInline let scheduler: Context
    @usableFromInline let options: Context.SchedulerOptions?
    @usableFromInline let state = LockedState.make(State())
    /// Serializes calls into the downstream when the scheduler runs actions concurrently.
    @usableFromInline let downstreamLock = PlainLock.make(recursive: true)

    @inlinable
    init(
      downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.downstream = downstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    @usableFromInline var combineName: String { "Debounce" }

    /// As Combine's: the downstream (while held), its demand, and the value waiting.
    @usableFromInline var reflectedChildren: [Mirror.Child] {
      let (demand, pending) = state.withLock { ($0.demand, $0.pending) }
      return [
        ("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", pending as Any),
      ]
    }

    @inlinable
    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.subscribe(subscription) }) else { return subscription.cancel() }
      downstreamLock.withLock {
        downstream.receive(subscription: self)
      }
      subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      guard !closed.load(ordering: .relaxed) else { return .none }
      let deadline = scheduler.now.advanced(by: dueTime)
      if let timer = state.withLock({ $0.receive(input, dueAt: deadline) }) {
        startTimer(timer, for: deadline)
      }
      return .none
    }

    /// Schedules timer `id` to fire at `deadline`. The scheduler's repeating form is the one that can
    /// be cancelled; the first firing cancels it.
    @usableFromInline
    func startTimer(_ id: Int, for deadline: Context.SchedulerTimeType) {
      let interval = dueTime > .zero ? dueTime : .nanoseconds(1)
      let timer = scheduler.schedule(
        after: deadline, interval: interval, tolerance: scheduler.minimumTolerance, options: options
      ) { self.timerFired(id) }
      state.withLock { $0.timerStarted(id, timer) }?.cancel()
    }

    @usableFromInline
    func timerFired(_ id: Int) {
      let now = scheduler.now
      switch state.withLock({ $0.timerFired(id, at: now) }) {
      case .none:
        break
      case .cancel(let timer):
        timer?.cancel()
      case .restart(let timer, let next, let deadline):
        timer?.cancel()
        startTimer(next, for: deadline)
      case .deliver(let value, let timer):
        timer?.cancel()
        guard !ended.load(ordering: .acquiring) else { return }
        let more = downstreamLock.withLock { downstream.receive(value) }
        if more != .none { state.withLock { $0.request(more) } }
      }
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
      guard let end = state.withLock({ $0.complete() }) else { return }
      closed.store(true, ordering: .relaxed)
      end.timer?.cancel()
      // Without the options, as Combine's (OpenCombine's `DebounceTests.testFinishBeforeDue`).
      scheduler.schedule(options: nil) {
        self.downstreamLock.withLock {
          guard !self.ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
          self.downstream.receive(completion: completion)
        }
      }
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
      state.withLock { $0.request(demand) }
    }

    @usableFromInline
    func cancel() {
      guard let end = state.withLock({ $0.cancel() }) else { return }
      closed.store(true, ordering: .relaxed)
      ended.store(true, ordering: .releasing)
      end.timer?.cancel()
      end.upstream?.cancel()
    }
  }
}
