import Synchronization

extension Publisher {
  /// Delivers values and the completion on `scheduler`, asynchronously and in order.
  ///
  /// The subscription reaches the subscriber at once, on the subscribing thread, as in Combine since
  /// iOS 13.3 and macOS 10.15.2: a subscriber can ask for values before the scheduler has run, and no
  /// value sent meanwhile is lost.
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

    /// Holds its downstream until it is itself released, as Combine's does: an action the scheduler
    /// has not run yet keeps it (and the downstream) alive; a value scheduled before a cancel is
    /// dropped when it runs, and a completion scheduled before a cancel is still delivered
    /// (OpenCombine's `ReceiveOnTests.testStrongCaptureWhenSchedulingValue`,
    /// `testStrongCaptureWhenSchedulingCompletion` and `testReceiveOnLifecycle`).
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let downstream: Downstream
      private let scheduler: Context
      private let options: Context.SchedulerOptions?
      private struct State {
        var status = SubscriptionStatus.awaiting
        /// The upstream's subscription from its completion until the completion is delivered: the
        /// demand a value delivered meanwhile is answered with still reaches it, as in Combine
        /// (OpenCombine's `ReceiveOnTests.testReceiveCompletionImmediatelyAfterValue`).
        var finishing: (any Subscription)?
      }

      private let state = LockedState.make(State())
      /// Set by ``cancel()``: values that run on the scheduler after it are dropped.
      private let cancelled = Atomic<Bool>(false)
      /// Whether values are taken: from the subscription until the completion or a cancel. Read with
      /// one atomic load per value rather than the state lock (the `receive(on:)` row of
      /// `make bench`).
      private let open = Atomic<Bool>(false)
      /// Serializes calls into the downstream when the scheduler runs actions concurrently.
      private let downstreamLock = PlainLock.make(recursive: true)

      init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
      }

      var combineName: String { "ReceiveOn" }

      func receive(subscription: any Subscription) {
        let accepted = state.withLock { state in
          guard state.status.accept(subscription) else { return false }
          open.store(true, ordering: .releasing)
          return true
        }
        guard accepted else { return subscription.cancel() }
        downstreamLock.withLock { downstream.receive(subscription: self) }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        guard open.load(ordering: .acquiring) else { return .none }
        scheduler.schedule(options: options) { self.deliver(input) }
        return .none
      }

      private func deliver(_ input: Output) {
        guard !cancelled.load(ordering: .acquiring) else { return }
        let more = downstreamLock.withLock { downstream.receive(input) }
        if more != .none { request(more) }
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        let ended = state.withLock { state in
          open.store(false, ordering: .releasing)
          state.finishing = state.status.terminate()
          return state.finishing != nil
        }
        guard ended else { return }
        scheduler.schedule(options: options) {
          self.state.withLock { $0.finishing = nil }
          self.downstreamLock.withLock { self.downstream.receive(completion: completion) }
        }
      }

      func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.status.subscription ?? $0.finishing }?.request(demand)
      }

      func cancel() {
        cancelled.store(true, ordering: .releasing)
        let upstream = state.withLock { state in
          open.store(false, ordering: .releasing)
          state.finishing = nil
          return state.status.terminate()
        }
        upstream?.cancel()
      }
    }
  }
}
