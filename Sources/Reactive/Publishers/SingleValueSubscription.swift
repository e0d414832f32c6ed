/// The subscription of a publisher that has one value ready: on the first request it delivers the
/// value, then `.finished`; a request for zero values traps, as Combine's does. Cancelling before that lets the downstream and the
/// value go. Each publisher subclasses it to name itself (Combine's `description`).
class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
  private let pending: LockedState<(value: Downstream.Input, downstream: Downstream)?>

  init(_ value: Downstream.Input, downstream: Downstream) {
    pending = .make((value, downstream))
  }

  /// Combine's name for the publisher's subscription; every subclass overrides it.
  var description: String { "SingleValue" }

  /// The value, while it waits, as Combine's only child.
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: pending.withLock { $0.map { [$0.value] } ?? [] })
  }

  /// The description.
  var playgroundDescription: Any { description }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    guard let (value, downstream) = pending.withLock({ $0.take() }) else { return }
    _ = downstream.receive(value)
    downstream.receive(completion: .finished)
  }

  func cancel() {
    _ = pending.withLock { $0.take() }
  }
}
