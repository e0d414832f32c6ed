/// A type-erased subscriber: forwards to a subscriber, a subject, or closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  private let receiveSubscriptionBody: (any Subscription) -> Void
  private let receiveValueBody: (Input) -> Subscribers.Demand
  private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
  private let describe: () -> String
  /// The identity of the wrapped subscriber, or a new one for closures.
  public let combineIdentifier: CombineIdentifier

  /// Wraps `subscriber`, keeping its identity.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    receiveSubscriptionBody = subscriber.receive(subscription:)
    receiveValueBody = subscriber.receive(_:)
    receiveCompletionBody = subscriber.receive(completion:)
    describe = { String(describing: subscriber) }
    combineIdentifier = subscriber.combineIdentifier
  }

  /// Wraps a subject: values and completion are sent into it; it requests unlimited values.
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    receiveSubscriptionBody = { subject.send(subscription: $0) }
    receiveValueBody = {
      subject.send($0)
      return .none
    }
    receiveCompletionBody = { subject.send(completion: $0) }
    describe = { String(describing: subject) }
    combineIdentifier = CombineIdentifier(subject)
  }

  /// Forwards to closures; a missing closure ignores its event and a missing value closure asks for
  /// nothing more.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    receiveSubscriptionBody = receiveSubscription ?? { _ in }
    receiveValueBody = receiveValue ?? { _ in .none }
    receiveCompletionBody = receiveCompletion ?? { _ in }
    describe = { "Anonymous AnySubscriber" }
    combineIdentifier = CombineIdentifier()
  }

  /// The wrapped subscriber's description.
  public var description: String { describe() }

  /// Forwards the subscription.
  public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }

  /// Forwards a value and returns the wrapped subscriber's extra demand.
  public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }

  /// Forwards the completion.
  public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}
