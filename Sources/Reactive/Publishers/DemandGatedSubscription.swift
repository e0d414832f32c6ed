/// What a publisher of outside events calls to hand one event to one subscriber, whatever the
/// subscriber's type: the element type of its list of subscriptions.
class DemandGatedConduit<Input>: @unchecked Sendable {
  /// Delivers `value` if the subscriber has demand for it, and drops it otherwise.
  func deliver(_ value: Input) {}
}

/// A subscription that delivers each event its subscriber has demand for and drops the others, as
/// Combine's publishers of outside events do (`NotificationCenter.Publisher`, the timers).
///
/// The downstream is called outside the lock, and the demand a value returns is added after it
/// returns, so an event raised inside delivery counts against the demand left. After `cancel()` it
/// delivers nothing and takes no demand. A subclass adds what it lets go of on cancel (it overrides
/// `cancel()` and calls `super`) and how it describes itself.
class DemandGatedSubscription<Downstream: Subscriber>: DemandGatedConduit<Downstream.Input>, Subscription,
  @unchecked Sendable
where Downstream.Failure == Never {
  private struct State {
    var downstream: Downstream?
    var demand = Subscribers.Demand.none
  }

  // Guarded by its own mutex (`LockedState`).
  private let state: LockedState<State>

  init(downstream: Downstream) {
    state = .make(State(downstream: downstream))
  }

  /// The demand not yet spent.
  final var demand: Subscribers.Demand { state.withLock { $0.demand } }

  final override func deliver(_ value: Downstream.Input) {
    let downstream: Downstream? = state.withLock { state in
      guard state.demand > 0 else { return nil }
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return }
    let more = downstream.receive(value)
    if more != .none { state.withLock { $0.demand += more } }
  }

  final func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += demand }
    }
  }

  /// Lets go of the downstream; nothing is delivered after it.
  func cancel() {
    state.withLock { $0.downstream = nil }
  }
}
