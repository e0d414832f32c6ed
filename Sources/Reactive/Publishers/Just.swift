/// A publisher that delivers one value on the first demand, then finishes.
public struct Just<Output>: Publisher {
  /// Just never fails.
  public typealias Failure = Never

  /// The value delivered.
  public let output: Output

  /// Creates a publisher of `output`.
  public init(_ output: Output) {
    self.output = output
  }

  /// Attaches `subscriber`, which receives the value on its first request, then the completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: JustSubscription(output, subscriber))
  }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

/// Delivers the value on the first request, then lets go of it and the downstream, as it does on a
/// cancel. Describes itself as Combine's does: "Just", with the value, while it waits, as the mirror's
/// one unlabeled child.
private final class JustSubscription<Downstream: Subscriber>: Subscription, CombineReflecting,
  @unchecked Sendable
{
  private let lock = PlainLock.make()
  private var output: Downstream.Input?
  private var downstream: Downstream?

  init(_ output: Downstream.Input, _ downstream: Downstream) {
    self.output = output
    self.downstream = downstream
  }

  var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

  var combineName: String { "Just" }

  var reflectedChildren: [Mirror.Child] {
    guard let output = lock.withLock({ output }) else { return [] }
    return [(label: nil, value: output)]
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    let taken: (Downstream.Input, Downstream)? = lock.withLock {
      guard let output, let downstream else { return nil }
      self.output = nil
      self.downstream = nil
      return (output, downstream)
    }
    guard let (value, downstream) = taken else { return }
    _ = downstream.receive(value)
    downstream.receive(completion: .finished)
  }

  func cancel() {
    lock.withLock {
      output = nil
      downstream = nil
    }
  }
}
