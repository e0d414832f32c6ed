import Foundation

extension Timer {
  /// A connectable publisher of the current date every `interval` seconds, from a timer on `runLoop`
  /// in `mode` once connected.
  ///
  /// As Combine's, it takes `tolerance` but does not pass it on: the publisher's ``TimerPublisher/tolerance``
  /// is `nil`. Call `autoconnect()` to start it with the first subscriber. The run loop must run in
  /// `mode` for the timer to fire.
  public static func publish(
    every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    TimerPublisher(interval: interval, runLoop: runLoop, mode: mode, options: options)
  }

  /// A connectable publisher that sends the current date each time a Foundation timer it schedules
  /// fires.
  ///
  /// `connect()` adds a repeating timer to the run loop in the mode given, which first fires one
  /// interval later; connecting again while connected returns the same connection, and cancelling it
  /// invalidates the timer (a later `connect()` schedules a new one). Each firing reads the date once
  /// and hands it, on the run loop's thread, to every subscriber that has demand; a subscriber without
  /// demand misses that date. It never completes.
  public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
    /// The date the timer fired.
    public typealias Output = Date
    /// It never fails.
    public typealias Failure = Never

    /// The seconds between firings.
    public final let interval: TimeInterval
    /// How late the timer may fire, in seconds; `nil` for no leeway.
    public final let tolerance: TimeInterval?
    /// The run loop the timer is added to.
    public final let runLoop: RunLoop
    /// The run loop mode the timer runs in.
    public final let mode: RunLoop.Mode
    /// The run loop scheduler's options (it has none).
    public final let options: RunLoop.SchedulerOptions?

    private let broadcaster = TickBroadcaster<Date, Connection>()

    /// Creates a publisher that, once connected, sends the date every `interval` seconds from a timer
    /// on `runLoop` in `mode`.
    public init(
      interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
      options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
      self.options = options
    }

    /// Attaches `subscriber`, which receives the dates it asks for once the publisher is connected.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      let subscription = Inner(parent: self, downstream: subscriber)
      broadcaster.add(subscription)
      subscriber.receive(subscription: subscription)
    }

    /// Schedules the timer; cancelling the result invalidates it.
    public func connect() -> any Cancellable {
      let timer = Timer(timeInterval: interval, repeats: true) { [weak self] _ in self?.fire() }
      timer.tolerance = tolerance ?? 0
      let (connection, isNew) = broadcaster.connect { Connection(parent: self, timer: timer) }
      if isNew { runLoop.add(timer, forMode: mode) }
      return connection
    }

    /// The Foundation timer the current connection scheduled: tests fire it by hand.
    var connectedTimer: Timer? { broadcaster.connection?.timer }

    private func fire() {
      broadcaster.deliver(Date())
    }

    fileprivate func disconnect(_ connection: Connection) {
      if broadcaster.disconnect(connection) { connection.timer.invalidate() }
    }

    fileprivate func remove(_ subscription: DemandGatedConduit<Date>) {
      broadcaster.remove(subscription)
    }

    /// What `connect()` returns: it describes itself no more than Combine's does.
    fileprivate final class Connection: Cancellable, @unchecked Sendable {
      // Guarded by its own mutex (`LockedState`); `nil` once cancelled.
      private let parent: LockedState<TimerPublisher?>
      /// The Foundation timer this connection scheduled.
      let timer: Timer

      init(parent: TimerPublisher, timer: Timer) {
        self.parent = .make(parent)
        self.timer = timer
      }

      func cancel() {
        let parent = self.parent.withLock { parent in
          defer { parent = nil }
          return parent
        }
        parent?.disconnect(self)
      }
    }

    /// One subscriber's share of the dates: those it has demand for. As Combine's, it has no
    /// description or mirror of its own.
    fileprivate final class Inner<Downstream: Subscriber>: DemandGatedSubscription<Downstream>,
      @unchecked Sendable
    where Downstream.Input == Date, Downstream.Failure == Never {
      // Guarded by its own mutex (`LockedState`); `nil` once cancelled.
      private let parent: LockedState<TimerPublisher?>

      init(parent: TimerPublisher, downstream: Downstream) {
        self.parent = .make(parent)
        super.init(downstream: downstream)
      }

      override func cancel() {
        super.cancel()
        let parent = self.parent.withLock { parent in
          defer { parent = nil }
          return parent
        }
        parent?.remove(self)
      }
    }
  }
}
