extension Scheduler {
  /// A connectable publisher of this scheduler's time every `interval`, once connected.
  ///
  /// Reactive's addition beside Foundation's `Timer.publish(every:on:in:)`, which needs a run loop that
  /// runs: it works on any scheduler, `DispatchQueue.main` in production and a `TestScheduler` in
  /// tests. Call `autoconnect()` to start it with the first subscriber.
  public func timerPublisher(
    every interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride? = nil,
    options: SchedulerOptions? = nil
  ) -> Publishers.Timer<Self> {
    Publishers.Timer(every: interval, tolerance: tolerance, scheduler: self, options: options)
  }
}

extension Publishers {
  /// A connectable publisher that emits its scheduler's time on a repeating interval.
  ///
  /// Once connected it fires one interval after the connection, then every interval, until the
  /// connection is cancelled; connecting again while connected returns the same connection. Every
  /// subscriber receives each tick it has demand for; a tick that finds a subscriber without demand is
  /// dropped for it. It never completes.
  public final class Timer<Context: Scheduler>: ConnectablePublisher, @unchecked Sendable {
    /// The scheduler's time when the timer fired.
    public typealias Output = Context.SchedulerTimeType
    /// It never fails.
    public typealias Failure = Never

    /// The time between ticks.
    public final let interval: Context.SchedulerTimeType.Stride
    /// How late a tick may be; `nil` for the scheduler's minimum tolerance.
    public final let tolerance: Context.SchedulerTimeType.Stride?
    /// Whose clock times the ticks, and where they are delivered.
    public final let scheduler: Context
    /// How the ticks are scheduled.
    public final let options: Context.SchedulerOptions?

    private let broadcaster = TickBroadcaster<Context.SchedulerTimeType, AnyCancellable>()

    /// Creates a timer ticking every `interval` on `scheduler` once connected.
    public init(
      every interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride? = nil,
      scheduler: Context, options: Context.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber`, which receives ticks once the timer is connected.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      let subscription = TimerSubscription(parent: self, downstream: subscriber)
      broadcaster.add(subscription)
      subscriber.receive(subscription: subscription)
    }

    /// Starts the ticks; cancelling the result stops them.
    public func connect() -> any Cancellable {
      if let connection = broadcaster.connection { return connection }
      // Scheduled outside the lock: a scheduler may run the first tick at once.
      let ticks = scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: tolerance ?? scheduler.minimumTolerance, options: options
      ) {
        self.tick()
      }
      let (connection, isNew) = broadcaster.connect {
        AnyCancellable { [weak self] in
          ticks.cancel()
          self?.broadcaster.disconnect()
        }
      }
      if !isNew { ticks.cancel() }
      return connection
    }

    private func tick() {
      broadcaster.deliver(scheduler.now)
    }

    /// Forgets a cancelled subscription.
    fileprivate func remove(_ subscription: DemandGatedConduit<Context.SchedulerTimeType>) {
      broadcaster.remove(subscription)
    }
  }
}

/// One subscriber's share of a ``Publishers/Timer``'s ticks: those it has demand for.
private final class TimerSubscription<Context: Scheduler, Downstream: Subscriber>: DemandGatedSubscription<
  Downstream
>, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Context.SchedulerTimeType, Downstream.Failure == Never {
  // Guarded by its own mutex (`LockedState`); `nil` once cancelled.
  private let parent: LockedState<Publishers.Timer<Context>?>

  init(parent: Publishers.Timer<Context>, downstream: Downstream) {
    self.parent = .make(parent)
    super.init(downstream: downstream)
  }

  var description: String { "Timer" }
  var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  var playgroundDescription: Any { description }

  override func cancel() {
    super.cancel()
    let parent = self.parent.withLock { parent in
      defer { parent = nil }
      return parent
    }
    parent?.remove(self)
  }
}
