extension Publisher {
  /// Keeps up to `size` values the downstream has not asked for yet, and delivers them as it asks.
  ///
  /// `prefetch` says what is asked of the upstream: `.keepFull` asks for `size` values at once and one
  /// more for each value delivered, `.byRequest` asks for everything. When the buffer is full,
  /// `whenFull` drops the new value, drops the oldest one, or cancels the upstream and fails with its
  /// error at the downstream's next request, after the values that request asks for. `.finished`
  /// reaches the downstream after every value buffered, once it asks for more, as in Combine; an
  /// upstream failure at once, dropping them.
  public func buffer(
    size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// What a ``Buffer`` asks of its upstream.
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Asks for the buffer's size at once, then one more for each value delivered.
    case keepFull
    /// Asks for everything at once.
    case byRequest
  }

  /// What a ``Buffer`` does with a value that arrives when it is full.
  public enum BufferingStrategy<Failure: Error> {
    /// Drops the value that arrived.
    case dropNewest
    /// Drops the oldest value buffered, and keeps the one that arrived.
    case dropOldest
    /// Cancels the upstream and fails with the error the closure makes.
    case customError(() -> Failure)
  }

  /// A publisher that buffers its upstream's values until the downstream asks for them.
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails, or with the custom error when full.
    public typealias Failure = Upstream.Failure

    /// The publisher buffered.
    public let upstream: Upstream
    /// How many values the buffer keeps.
    public let size: Int
    /// What is asked of the upstream.
    public let prefetch: PrefetchStrategy
    /// What a value arriving when the buffer is full does.
    public let whenFull: BufferingStrategy<Upstream.Failure>

    /// Creates a publisher that buffers up to `size` of `upstream`'s values.
    public init(
      upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Upstream.Failure>
    ) {
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Attaches `subscriber` behind the buffer.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

extension Publishers.Buffer {
  /// Values are delivered by one thread at a time, by whichever call finds the buffer not draining:
  /// a request made from inside a delivery (or a value sent from there) adds to the demand, and the
  /// loop under way delivers for it, so deliveries do not recurse.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      var status = SubscriptionStatus.awaiting
      var downstream: Downstream?
      var whenFull: Publishers.BufferingStrategy<Upstream.Failure>?
      var values: [Input] = []
      /// Where the oldest value kept is in `values`; the ones before it were delivered.
      var head = 0
      var demand = Subscribers.Demand.none
      /// The completion to deliver after the values: `.finished` after all of them, the full buffer's
      /// error after those the next request asks for.
      var terminal: Subscribers.Completion<Failure>?
      /// Whether the full buffer's error waits for a request.
      var failWhenAsked = false
      /// The upstream the full buffer's error cancelled, which keepFull still asks, as Combine's
      /// does, for the values the request that delivers the error delivered (OpenCombine's
      /// BufferTests.testRequestingFiniteDemandKeepFullCustomError at 1b8a26b).
      var overflowed: (any Subscription)?
      /// The thread running the customError closure, which is called outside the lock: a value it
      /// sends into this buffer stops the process, as Combine's (OpenCombine's
      /// BufferTests.testDeadlockWhenErroringOnFullBuffer at 1b8a26b), where it would deadlock.
      var makingError: UInt?
      /// Whether a thread is delivering.
      var draining = false

      var count: Int { values.count - head }

      mutating func popFirst() -> Input {
        defer {
          head += 1
          if head >= 64, head * 2 >= values.count {
            values.removeFirst(head)
            head = 0
          }
        }
        return values[head]
      }

      mutating func end() -> Downstream? {
        defer {
          status = .terminal
          downstream = nil
          whenFull = nil
          values = []
          head = 0
          terminal = nil
          overflowed = nil
        }
        return downstream
      }
    }

    /// What the drain loop does next.
    private enum Step {
      case deliver(Input, Downstream)
      case complete(Subscribers.Completion<Failure>, Downstream)
      case stop
    }

    /// What became of a value that arrived.
    private enum Arrival {
      case ignore
      case buffered
      case overflow(() -> Failure, any Subscription)
    }

    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let state: LockedState<State>

    init(
      downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Upstream.Failure>
    ) {
      self.size = size
      self.prefetch = prefetch
      state = .make(State(downstream: downstream, whenFull: whenFull))
    }

    var combineName: String { "Buffer" }
    /// Combine's children: the values held, the subscription's state, the downstream's demand and the
    /// completion waiting to be delivered.
    var reflectedChildren: [Mirror.Child] {
      let (values, status, demand, terminal) = state.withLock {
        (Array($0.values[$0.head...]), $0.status, $0.demand, $0.terminal)
      }
      return [
        ("values", values), ("state", status), ("downstreamDemand", demand), ("terminal", terminal as Any),
      ]
    }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        state.status.accept(subscription) ? state.downstream : nil
      }
      guard let downstream else { return subscription.cancel() }
      // As Combine's: the upstream is asked before the downstream has its subscription.
      switch prefetch {
      case .keepFull: if size > 0 { subscription.request(.max(size)) }
      case .byRequest: subscription.request(.unlimited)
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let arrival: Arrival = state.withLock { state in
        if let maker = state.makingError {
          precondition(
            maker != currentThreadIdentifier(), "Buffer received a value from inside its customError closure")
        }
        guard let upstream = state.status.subscription, state.terminal == nil else { return .ignore }
        // Not full, or the downstream has asked for more than is buffered: kept, to be delivered.
        guard state.count >= size, !(state.demand > state.count) else {
          state.values.append(input)
          return .buffered
        }
        switch state.whenFull {
        case .dropNewest, nil:
          return .ignore
        case .dropOldest:
          if state.count > 0 {
            _ = state.popFirst()
            state.values.append(input)
          }
          return .ignore
        case .customError(let makeError):
          state.makingError = currentThreadIdentifier()
          return .overflow(makeError, upstream)
        }
      }
      switch arrival {
      case .ignore:
        return .none
      case .overflow(let makeError, let upstream):
        let error = makeError()
        let cancelled = state.withLock { state -> Bool in
          state.makingError = nil
          // A cancel while the closure ran has ended the stream already.
          guard state.status.subscription != nil else { return true }
          state.terminal = .failure(error)
          state.failWhenAsked = true
          state.overflowed = upstream
          state.status = .terminal
          return false
        }
        if !cancelled { upstream.cancel() }
        return .none
      case .buffered:
        // Delivered at once when the downstream has asked; the slot it leaves is asked for again.
        let delivered = drain()
        return prefetch == .keepFull ? .max(delivered) : .none
      }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let failed: Downstream?? = state.withLock { state in
        guard state.status.subscription != nil, state.terminal == nil else { return nil }
        state.status = .terminal
        switch completion {
        case .finished:
          state.terminal = .finished
          return .some(nil)
        case .failure:
          guard !state.draining else {
            // The thread delivering passes the failure on, next.
            state.values = []
            state.head = 0
            state.terminal = completion
            return .some(nil)
          }
          return .some(state.end())
        }
      }
      guard let failed else { return }
      if let downstream = failed {
        downstream.receive(completion: completion)
      } else {
        _ = drain()
      }
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let upstream: (any Subscription)? = state.withLock { state in
        state.demand += demand
        return prefetch == .keepFull ? state.status.subscription ?? state.overflowed : nil
      }
      let delivered = drain()
      if delivered > 0 { upstream?.request(.max(delivered)) }
    }

    func cancel() {
      state.withLock { state -> (any Subscription)? in
        defer { _ = state.end() }
        return state.status.subscription
      }?.cancel()
    }

    private static func isFinished(_ completion: Subscribers.Completion<Failure>) -> Bool {
      if case .finished = completion { return true }
      return false
    }

    /// Delivers what the downstream has asked for, unless another call is delivering; returns how many
    /// values this call delivered.
    private func drain() -> Int {
      guard
        state.withLock({ state in
          guard !state.draining else { return false }
          state.draining = true
          return true
        })
      else { return 0 }
      var delivered = 0
      while true {
        let step: Step = state.withLock { state in
          if state.count > 0, state.demand > .none, let downstream = state.downstream {
            state.demand -= 1
            return .deliver(state.popFirst(), downstream)
          }
          // The full buffer's error is passed on only by a drain a request started: no value
          // arrives after the overflow to start one. `.finished` waits, as values do, for the
          // downstream to ask (OpenCombine's BufferTests.testReceiveValueAfterFinishing).
          if let terminal = state.terminal, state.failWhenAsked || state.count == 0,
            state.demand > .none || !Self.isFinished(terminal), let downstream = state.end()
          {
            return .complete(terminal, downstream)
          }
          state.draining = false
          return .stop
        }
        switch step {
        case .deliver(let value, let downstream):
          delivered += 1
          let more = downstream.receive(value)
          if more != .none { state.withLock { $0.demand += more } }
        case .complete(let completion, let downstream):
          downstream.receive(completion: completion)
          return delivered
        case .stop:
          return delivered
        }
      }
    }
  }
}
