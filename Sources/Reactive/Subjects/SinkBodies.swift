/// The closures of a subject's own `sink` (``PassthroughSubject/sink(receiveCompletion:receiveValue:)``
/// and the like), kept by its ``BodiesConduit`` in the place of a subscriber: a sink attached to a
/// subject with no ``Subscribers/Sink`` between them, one object and its atomics fewer per
/// subscription (the subscribe + cancel and memory rows of `make bench`).
///
/// The closures are constants of this object, so that a delivery calls them without retaining them;
/// the conduit lets this object go when it ends, and with it what the closures capture, as a sink
/// lets its closures go. This base holds the value closure alone, for a `sink(receiveValue:)` that
/// cannot fail: 32 bytes, where both closures take 48.
@usableFromInline
class SinkBodies<Input, Failure: Error> {
  @usableFromInline final let receiveValue: (Input) -> Void

  @inlinable
  init(receiveValue: @escaping (Input) -> Void) {
    self.receiveValue = receiveValue
  }

  /// Hands `completion` to the completion closure; the base has none to call.
  @usableFromInline
  func receive(completion: Subscribers.Completion<Failure>) {}
}

/// ``SinkBodies`` with a completion closure.
@usableFromInline
final class SinkBodiesWithCompletion<Input, Failure: Error>: SinkBodies<Input, Failure> {
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

  @inlinable
  init(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Input) -> Void
  ) {
    self.receiveCompletion = receiveCompletion
    super.init(receiveValue: receiveValue)
  }

  @usableFromInline
  override func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletion(completion)
  }
}

/// The conduit of a subject's own `sink`: it calls the ``SinkBodies`` it holds as its subscriber,
/// and keeps the promises of ``Subscribers/Sink``. It asks for every value as it is attached; once
/// it ends, a completion or a cancel, no call begins, and the closures are let go when the delivery
/// under way returns; a cancel from another thread waits for that delivery, as a sink's does.
@usableFromInline
final class BodiesConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>,
  @unchecked Sendable
{
  @usableFromInline
  override var cancelWaitsForDelivery: Bool { true }

  /// None: it asks for everything as it is attached and is handed the current value then.
  @usableFromInline
  override var keepsPending: Bool { false }

  @inlinable
  override func deliverValue(_ value: Output) -> Subscribers.Demand {
    subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: SinkBodies<Output, Failure>.self).receiveValue(value)
    }
    return .none
  }

  @inlinable
  override func deliverCompletion(_ completion: Subscribers.Completion<Failure>) {
    subscriber.unsafelyUnwrapped._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: SinkBodies<Output, Failure>.self).receive(completion: completion)
    }
  }
}
