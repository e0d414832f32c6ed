/// The publisher behind ``ObservableObject/objectWillChange``: a `Void` value before each change.
///
/// Once a subscriber has requested anything, it receives every change, whatever its demand, as in
/// Combine; before its first request it receives none. Safe to use from any thread, with the same
/// guarantees as ``PassthroughSubject``.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  /// A `Void` per change.
  public typealias Output = Void
  /// It never fails.
  public typealias Failure = Never

  private let core = SubjectCore<Void, Never>(kind: .observableObject, current: nil)

  /// Creates a publisher with no subscribers.
  public init() {}

  /// Attaches `subscriber`.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    core.attach(subscriber, parent: nil)
  }

  /// Attaches a sink that calls `receiveCompletion` at the end and `receiveValue` before each change,
  /// as ``Publisher/sink(receiveCompletion:receiveValue:)`` does, without a ``Subscribers/Sink``
  /// between it and the publisher (see ``SinkBodies``).
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    core.attachSink(
      SinkBodiesWithCompletion(receiveCompletion: receiveCompletion, receiveValue: receiveValue),
      parent: nil)
  }

  /// Attaches a sink that calls `receiveValue` before each change, as
  /// ``Publisher/sink(receiveValue:)`` does, without a ``Subscribers/Sink`` between them.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    core.attachSink(SinkBodies(receiveValue: receiveValue), parent: nil)
  }

  /// Announces a change.
  public func send() {
    core.send(())
  }
}
