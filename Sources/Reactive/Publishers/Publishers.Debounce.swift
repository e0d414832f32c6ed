extension Publisher {
  /// Passes on a value only once `dueTime` has gone by on `scheduler` without another value.
  ///
  /// Trailing edge only: each value restarts the wait, and the latest value is delivered one interval
  /// after the last one, on the scheduler. A completion drops a value still waiting and is forwarded
  /// at once through the scheduler; cancelling drops it too.
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
    /// How deliveries are scheduled.
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
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, configuration: self))
    }

    /// Performs what ``DebounceState`` decides, outside its lock.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let downstream: Downstream
      private let configuration: Debounce
      private let lock = PlainLock.make()
      /// Serializes calls into the downstream when the scheduler runs actions concurrently.
      private let downstreamLock = PlainLock.make(recursive: true)
      private var state = DebounceState<Output>()

      init(downstream: Downstream, configuration: Debounce) {
        self.downstream = downstream
        self.configuration = configuration
      }

      var description: String { "Debounce" }

      func receive(subscription: any Subscription) {
        guard lock.withLock({ state.subscribe(subscription) }) else {
          subscription.cancel()
          return
        }
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        guard let generation = lock.withLock({ state.receive(input) }) else { return .none }
        let scheduler = configuration.scheduler
        scheduler.schedule(
          after: scheduler.now.advanced(by: configuration.dueTime), tolerance: scheduler.minimumTolerance,
          options: configuration.options
        ) {
          self.fire(generation)
        }
        return .none
      }

      private func fire(_ generation: Int) {
        guard let value = lock.withLock({ state.fire(generation) }) else { return }
        downstreamLock.lock()
        let more = downstream.receive(value)
        downstreamLock.unlock()
        if more != .none { lock.withLock { state.request(more) } }
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        guard lock.withLock({ state.complete() }) else { return }
        configuration.scheduler.schedule(options: configuration.options) {
          self.downstreamLock.lock()
          self.downstream.receive(completion: completion)
          self.downstreamLock.unlock()
        }
      }

      func request(_ demand: Subscribers.Demand) {
        lock.withLock { state.request(demand) }
      }

      func cancel() {
        lock.withLock { state.cancel() }?.cancel()
      }
    }
  }
}

/// The debounce's decisions as a pure state machine: each event changes the state and says what to
/// do, and the caller does it outside the lock.
///
/// Every value gets a new generation; a timer fires for the generation it was started with, so a
/// timer overtaken by a later value finds a newer generation and does nothing.
struct DebounceState<Value> {
  private enum Phase {
    case awaitingSubscription
    case active(upstream: any Subscription)
    case finished
  }

  private var phase = Phase.awaitingSubscription
  private var pending: Value?
  private var generation = 0
  private var demand = Subscribers.Demand.none

  /// Accepts the upstream subscription; false if one was already accepted or the stream is over.
  mutating func subscribe(_ upstream: any Subscription) -> Bool {
    guard case .awaitingSubscription = phase else { return false }
    phase = .active(upstream: upstream)
    return true
  }

  /// Holds `value` as the pending one; returns the generation to start a timer for, or `nil` when the
  /// stream is over.
  mutating func receive(_ value: Value) -> Int? {
    guard case .active = phase else { return nil }
    generation &+= 1
    pending = value
    return generation
  }

  /// The value to deliver when the timer of `generation` fires: `nil` when a later value restarted the
  /// wait, the stream is over, or the downstream has no demand (the value is then dropped).
  mutating func fire(_ generation: Int) -> Value? {
    guard case .active = phase, generation == self.generation, let value = pending else { return nil }
    pending = nil
    guard demand > 0 else { return nil }
    demand -= 1
    return value
  }

  /// Adds downstream demand.
  mutating func request(_ more: Subscribers.Demand) {
    demand += more
  }

  /// Ends the stream on an upstream completion, dropping any pending value; true if the completion
  /// is to be forwarded.
  mutating func complete() -> Bool {
    guard case .active = phase else { return false }
    phase = .finished
    pending = nil
    return true
  }

  /// Ends the stream on a downstream cancel; returns the upstream subscription to cancel.
  mutating func cancel() -> (any Subscription)? {
    defer {
      phase = .finished
      pending = nil
    }
    if case .active(let upstream) = phase { return upstream }
    return nil
  }
}
