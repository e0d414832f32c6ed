extension Publisher {
  /// Delivers the subscription, values and completion on `scheduler`, asynchronously and in order.
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that hands its upstream's events to a scheduler before passing them on.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved.
    public let upstream: Upstream
    /// Where events are delivered.
    public let scheduler: Context
    /// How they are scheduled.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher delivering `upstream`'s events on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber`, which receives everything on the scheduler.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, scheduler: scheduler, options: options))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let downstream: Downstream
      private let scheduler: Context
      private let options: Context.SchedulerOptions?
      private let status = LockedState.make(SubscriptionStatus.awaiting)

      init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
      }

      var description: String { "ReceiveOn" }

      private var isCancelled: Bool {
        status.withLock {
          if case .terminal = $0 { return true }
          return false
        }
      }

      func receive(subscription: any Subscription) {
        guard status.withLock({ $0.accept(subscription) }) else {
          subscription.cancel()
          return
        }
        scheduler.schedule(options: options) { self.downstream.receive(subscription: self) }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        scheduler.schedule(options: options) {
          guard !self.isCancelled else { return }
          let more = self.downstream.receive(input)
          if more != .none { self.request(more) }
        }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) {
          let wasActive: Bool = self.status.withLock { status in
            defer { status = .terminal }
            if case .terminal = status { return false }
            return true
          }
          if wasActive { self.downstream.receive(completion: completion) }
        }
      }

      func request(_ demand: Subscribers.Demand) {
        status.withLock { $0.subscription }?.request(demand)
      }

      func cancel() {
        status.withLock { $0.terminate() }?.cancel()
      }
    }
  }
}
