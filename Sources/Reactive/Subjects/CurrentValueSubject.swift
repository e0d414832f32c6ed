/// A subject that holds a current value and delivers it to each new subscriber on its first demand.
///
/// Setting ``value`` sends. A subscriber whose demand is exhausted keeps only the latest value it
/// missed and gets it on its next request. Values reach subscribers in the order they subscribed.
/// After completion sends are ignored and a new subscriber receives only the completion.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  @usableFromInline let core: SubjectCore<Output, Failure>

  /// Creates a subject holding `value`.
  public init(_ value: Output) {
    core = SubjectCore(replaying: .some(value))
  }

  /// The current value; setting it sends the new value to subscribers (ignored after completion).
  public var value: Output {
    get { core.current! }
    set { send(newValue) }
  }

  /// Attaches `subscriber`; it receives the current value when it first requests.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber)
  }

  /// Makes `input` the current value and delivers it; ignored after completion.
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
