/// A subject that delivers each value it is sent to the subscribers it has at that moment.
///
/// It keeps no value: a subscriber receives only what is sent after it subscribed and while it has
/// demand. Values reach subscribers in the order they subscribed. Safe to send from any thread; sends
/// from several threads are delivered one at a time.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  @usableFromInline let core = SubjectCore<Output, Failure>(replaying: nil)

  /// Creates a subject with no subscribers.
  public init() {}

  /// Attaches `subscriber`; after completion it receives only the completion.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber)
  }

  /// Delivers `input` to every current subscriber that has demand; ignored after completion.
  @inlinable
  public func send(_ input: Output) {
    core.send(input)
  }

  /// Ends the stream; only the first completion is delivered.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Requests unlimited values from an upstream this subject was attached to.
  public func send(subscription: any Subscription) {
    subscription.request(.unlimited)
  }
}
