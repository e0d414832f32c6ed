import Reactive

/// A store's value, changed only under its lock and published in the order of the changes: the one
/// write path the controlled store and the basket store share.
///
/// A write changes the value atomically and queues what it publishes, if anything: a store whose
/// readers want changes only publishes nothing for a write that changed nothing, and so never sends
/// the subject a value equal to the one it holds. Whoever finds nobody delivering drains the queue
/// outside the lock; a write made meanwhile (from another thread, or from inside a subscriber's sink)
/// only queues, so every subscriber receives one value at a time, in write order, and the last value
/// each one receives is the publication of the current value.
final class OwnedValue<Value: Sendable, Output: Sendable>: Sendable {
  private struct State {
    var value: Value
    var undelivered: [Output] = []
    var isDelivering = false
  }

  /// Where the changes go out; only this class sends to it, and readers get it erased.
  let subject: CurrentValueSubject<Output, Never>
  private let state: Locked<State>

  /// Holds `value`, whose publication is `output`.
  init(_ value: Value, publishing output: Output) {
    subject = CurrentValueSubject(output)
    state = Locked(State(value: value))
  }

  /// Reads the value under the lock: every write so far, delivered or not.
  func read<T>(_ body: (Value) -> T) -> T {
    state.withLock { body($0.value) }
  }

  /// Applies `change` atomically and publishes what it returns. It may return `nil` instead only when
  /// it would publish what was published last, so that the last value published stays the
  /// publication of the current value; `nil` publishes nothing. A `change` that throws leaves the
  /// value as it was (it must not have changed it) and publishes nothing.
  func write<E: Error>(_ change: (inout Value) throws(E) -> Output?) throws(E) {
    let mustDeliver = try state.withLock { (state) throws(E) -> Bool in
      guard let output = try change(&state.value) else { return false }
      state.undelivered.append(output)
      guard !state.isDelivering else { return false }
      state.isDelivering = true
      return true
    }
    if mustDeliver { deliverUndelivered() }
  }

  private func deliverUndelivered() {
    var batch: [Output] = []
    while true {
      state.withLock { state in
        swap(&batch, &state.undelivered)
        if batch.isEmpty { state.isDelivering = false }
      }
      if batch.isEmpty { return }
      for value in batch {
        subject.send(value)
      }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
