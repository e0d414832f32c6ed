import Synchronization

extension Publisher {
  /// Passes on at most one value per `interval` on `scheduler`: the first value of a quiet stream at
  /// once, then, at the end of each interval, the latest value received meanwhile (`latest`) or the
  /// first (`latest: false`).
  ///
  /// Every value goes out through the scheduler, even the first. A value that arrives once the last
  /// emission is at least one interval ago goes out at once; the next interval starts from there. When
  /// upstream completes while a value waits for the end of its interval, the value goes out then,
  /// followed by the completion; otherwise the completion goes out at once, through the scheduler.
  /// Values that find no downstream demand are dropped.
  @inlinable
  public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool)
    -> Publishers.Throttle<Self, S>
  {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

extension Publishers {
  /// A publisher that passes on at most one of its upstream's values per interval.
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher throttled.
    public let upstream: Upstream
    /// The shortest time between two emissions.
    public let interval: Context.SchedulerTimeType.Stride
    /// Whose clock measures the interval, and where values are delivered.
    public let scheduler: Context
    /// Whether the end of an interval emits the latest value received during it, or the first.
    public let latest: Bool

    /// Creates a publisher throttling `upstream` to one value per `interval` on `scheduler`.
    @inlinable
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Attaches `subscriber` behind the throttle.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber:
          ThrottleInner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
    }
  }
}

extension Publishers {
  /// Performs what ``ThrottleState`` decides, outside its lock. The scheduled emission holds it weakly,
  /// so that a cancelled throttle goes away without waiting for its timer. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class ThrottleInner<Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure
    @usableFromInline typealias Output = Downstream.Input

    @usableFromInline
    struct State {
      @usableFromInline var machine: ThrottleState<Output, Failure, Context.SchedulerTimeType>
      @usableFromInline var downstream: Downstream?

      @inlinable
      init(machine: ThrottleState<Output, Failure, Context.SchedulerTimeType>, downstream: Downstream) {
        self.machine = machine
        self.downstream = downstream
      }
    }

    @usableFromInline let scheduler: Context
    @usableFromInline let state: LockedState<State>
    /// Set once the upstream completed or the downstream cancelled: a value or completion that comes
    /// after reads no clock, as in Combine (OpenCombine's `ThrottleTests.testCancelAlreadyCancelled`).
    /// The state machine still decides; this only spares the scheduler the call.
    @usableFromInline let closed = Atomic<Bool>(false)
    /// Serializes calls into the downstream when the scheduler runs actions concurrently; recursive,
    /// so that an emission nested on the same thread runs at once, as Combine's does.
    @usableFromInline let downstreamLock = PlainLock.make(recursive: true)

    @inlinable
    init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool)
    {
      self.scheduler = scheduler
      state = .make(State(machine: ThrottleState(interval: interval, latest: latest), downstream: downstream))
      // Combine's throttle reads the clock here and when its subscription arrives, and nothing here
      // needs the time: read it so that a scheduler sees the calls Combine's makes (OpenCombine's
      // `ThrottleTests.testBasicBehavior`).
      _ = scheduler.now
    }

    @inlinable
    var description: String { "Throttle" }
    @inlinable
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    @inlinable
    var playgroundDescription: Any { description }

    @inlinable
    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.machine.subscribe(subscription) ? state.downstream : nil
      }
      guard let downstream else {
        subscription.cancel()
        return
      }
      _ = scheduler.now
      subscription.request(.unlimited)
      downstreamLock.withLock { downstream.receive(subscription: self) }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      guard !closed.load(ordering: .relaxed) else { return .none }
      let now = scheduler.now
      schedule(state.withLock { $0.machine.receive(input, now: now) })
      return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      // Read and unused, as Combine's throttle reads it (OpenCombine's
      // `ThrottleTests.testReceiveCompletionImmediatelyAfterSubscription`).
      guard !closed.load(ordering: .relaxed) else { return }
      _ = scheduler.now
      schedule(
        state.withLock { state in
          defer { if state.machine.hasEnded { closed.store(true, ordering: .relaxed) } }
          return state.machine.complete(completion)
        })
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      state.withLock { $0.machine.request(demand) }
    }

    @inlinable
    func cancel() {
      closed.store(true, ordering: .relaxed)
      let upstream = state.withLock { state in
        defer { state.downstream = nil }
        return state.machine.cancel()
      }
      upstream?.cancel()
    }

    @inlinable
    func schedule(_ emission: ThrottleState<Output, Failure, Context.SchedulerTimeType>.Emission?) {
      switch emission {
      case .now:
        scheduler.schedule { [weak self] in self?.emit() }
      case .at(let date):
        scheduler.schedule(after: date, tolerance: scheduler.minimumTolerance) { [weak self] in self?.emit() }
      case nil:
        break
      }
    }

    @inlinable
    func emit() {
      // The clock is read only when the emission is of a value alone, as Combine's reads it
      // (OpenCombine's `ThrottleTests.testCancelWhilstScheduledOutput` and `testBasicBehavior`).
      guard let needsTime = state.withLock({ $0.machine.emissionNeedsTime }) else { return }
      let now = needsTime ? scheduler.now : nil
      guard
        let (downstream, value, completion) = state.withLock({ state in
          state.machine.emit(now: now).flatMap { emitted in
            state.downstream.map { downstream in
              if emitted.completion != nil { state.downstream = nil }
              return (downstream, emitted.value, emitted.completion)
            }
          }
        })
      else { return }
      let more = downstreamLock.withLock {
        let more = value.map { downstream.receive($0) } ?? .none
        if let completion { downstream.receive(completion: completion) }
        return more
      }
      if more != .none { state.withLock { $0.machine.request(more) } }
    }
  }
}
