import Reactive

/// A publisher that keeps the subscriber it is given and sends it no subscription, so that a test can
/// look at the subscriber an operator puts in front of its own (its description and mirror) and send
/// it events before any subscription.
final class CapturingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  private let captured = Locked<Any?>(nil)
  private let erased = Locked<AnySubscriber<Output, Failure>?>(nil)

  /// The last subscriber received.
  var subscriber: Any? { captured.value }

  /// The last subscriber's description, mirror labels and mirror values, as text.
  var described: (description: String, labels: [String], values: [String]) {
    let subscriber: Any = captured.value ?? "nothing"
    let children = Mirror(reflecting: subscriber).children
    return (
      String(describing: subscriber), children.map { $0.label ?? "" },
      children.map { String(describing: $0.value) }
    )
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    captured.withLock { $0 = subscriber }
    erased.withLock { $0 = AnySubscriber(subscriber) }
  }

  /// Sends `value` to the last subscriber; returns the demand it added.
  func send(_ value: Output) -> Subscribers.Demand {
    erased.value?.receive(value) ?? .none
  }
}
