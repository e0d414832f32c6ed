#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Publisher {
  /// Subscribes to this publisher on `scheduler`, and sends the downstream's requests and cancel to it
  /// there too; values and the completion arrive wherever the upstream sends them.
  public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.SubscribeOn<Self, S>
  {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that performs subscribing, requesting and cancelling on a scheduler.
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to.
    public let upstream: Upstream
    /// Where the upstream is subscribed to, and receives requests and cancel.
    public let scheduler: Context
    /// How those are scheduled.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher subscribing to `upstream` on `scheduler`.
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Schedules the subscription of `subscriber` to the upstream.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
      let upstream = upstream
      scheduler.schedule(options: options) { upstream.receive(subscriber: inner) }
    }
  }
}

extension Publishers.SubscribeOn {
  private final class Inner<Downstream: Subscriber>: TransformingInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    /// Held while a request is made of the upstream, so that requests reach it one at a time; the
    /// thread holding it, so that a request made again from inside one traps, as Combine's does.
    private let requesting = PlainLock.make()
    private let requester = LockedState<pthread_t?>.make(nil)

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.scheduler = scheduler
      self.options = options
      super.init(downstream: downstream, step: { .send($0) }, mapFailure: { $0 })
    }

    override var description: String { "SubscribeOn" }

    /// Schedules the request, whatever the demand, as Combine does; the upstream is the one it had
    /// when asked, so a request made just before a cancel still reaches it first. Requests reach the
    /// upstream one at a time, and one made from inside the upstream's request traps. After a cancel or a
    /// completion nothing is scheduled. The scheduled request keeps this operator, and so its
    /// downstream, alive until it is made, as Combine's (OpenCombine's
    /// `SubscribeOnTests.testStrongCaptureWhenSchedulingRequest`).
    override func request(_ demand: Subscribers.Demand) {
      let upstream: (any Subscription)? = phase.withLock { phase in
        guard case .subscribed(let upstream, _) = phase else { return nil }
        return upstream
      }
      guard let upstream else { return }
      scheduler.schedule(options: options) { self.make(demand, of: upstream) }
    }

    private func make(_ demand: Subscribers.Demand, of upstream: any Subscription) {
      let thread = pthread_self()
      precondition(
        requester.withLock { $0.map { pthread_equal($0, thread) == 0 } ?? true },
        "subscribe(on:) was asked for more from inside its upstream's request")
      requesting.withLock {
        requester.withLock { $0 = thread }
        defer { requester.withLock { $0 = nil } }
        upstream.request(demand)
      }
    }

    /// Stops delivery at once; the upstream is cancelled on the scheduler, by an action that keeps this
    /// operator alive until it runs, as Combine's (`testStrongCaptureWhenSchedulingCancel`).
    override func cancel() {
      guard let upstream = terminate() else { return }
      scheduler.schedule(options: options) { withExtendedLifetime(self) { upstream.cancel() } }
    }
  }
}
