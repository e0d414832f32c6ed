/// A type-erased subscriber: forwards to a subscriber, a subject, or closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  private let receiveSubscriptionBody: (any Subscription) -> Void
  private let receiveValueBody: (Input) -> Subscribers.Demand
  private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
  private let describe: () -> String
  private let reflect: () -> Mirror
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
    reflect = { Mirror(reflecting: subscriber) }
    combineIdentifier = subscriber.combineIdentifier
  }

  /// Wraps a subject, as Combine does, in a subscriber that sends values and the first completion
  /// into it and hands it itself as the subscription (described "Subject"), which passes the subject's
  /// requests and cancel to the first subscription received; later subscriptions are cancelled. Each
  /// value returns `.none`.
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    self.init(SubjectSubscriber(subject))
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
    reflect = { Mirror(reflecting: "Anonymous AnySubscriber") }
    combineIdentifier = CombineIdentifier()
  }

  /// The wrapped subscriber's description.
  public var description: String { describe() }

  /// The wrapped subscriber's mirror (for closures, the mirror of their description).
  public var customMirror: Mirror { reflect() }

  /// The description.
  public var playgroundDescription: Any { describe() }

  /// Forwards the subscription.
  public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }

  /// Forwards a value and returns the wrapped subscriber's extra demand.
  public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }

  /// Forwards the completion.
  public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}
