/// What the connectable timers (``Publishers/Timer`` and Foundation's `Timer.TimerPublisher`) share:
/// their subscribers, each of which receives the ticks it has demand for, and their one connection at
/// a time.
final class TickBroadcaster<Output, Connection: AnyObject>: @unchecked Sendable {
  private struct State {
    var subscriptions: [DemandGatedConduit<Output>] = []
    var connection: Connection?
  }

  // Guarded by its own mutex (`LockedState`).
  private let state = LockedState.make(State())

  /// The current connection, if connected.
  var connection: Connection? { state.withLock { $0.connection } }

  /// Adds a subscriber's share of the ticks.
  func add(_ subscription: DemandGatedConduit<Output>) {
    state.withLock { $0.subscriptions.append(subscription) }
  }

  /// Forgets a cancelled subscription.
  func remove(_ subscription: DemandGatedConduit<Output>) {
    state.withLock { state in
      state.subscriptions.removeAll { $0 === subscription }
    }
  }

  /// Hands `tick` to every subscription, outside the lock; each delivers it if its subscriber has
  /// demand.
  func deliver(_ tick: Output) {
    for subscription in state.withLock({ $0.subscriptions }) {
      subscription.deliver(tick)
    }
  }

  /// The current connection, or a new one that `make` builds (under the lock) when there is none;
  /// says whether it is new.
  func connect(_ make: () -> Connection) -> (connection: Connection, isNew: Bool) {
    state.withLock { state in
      if let connection = state.connection { return (connection, false) }
      let connection = make()
      state.connection = connection
      return (connection, true)
    }
  }

  /// Forgets the current connection, whichever it is.
  func disconnect() {
    state.withLock { $0.connection = nil }
  }

  /// Forgets `connection` if it is the current one; returns whether it was.
  @discardableResult
  func disconnect(_ connection: Connection) -> Bool {
    state.withLock { state in
      guard state.connection === connection else { return false }
      state.connection = nil
      return true
    }
  }
}
