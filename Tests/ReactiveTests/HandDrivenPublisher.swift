import Reactive

/// A publisher that a test drives by hand, to see how an operator copes with an upstream that breaks
/// the contract: it keeps every subscriber it is given for as long as it lives (so an operator that
/// keeps its downstream after the end is caught), and sends whatever the test asks, in any order:
/// values after a completion, a second completion, a second subscription.
final class HandDrivenPublisher<Output, Failure: Error>: Publisher {
  private var subscribers: [any Subscriber<Output, Failure>] = []

  /// The subscriptions handed out, in order.
  private(set) var subscriptions: [HandDrivenSubscription] = []

  /// The subscriber this publisher was given: what the operator under test put upstream.
  var subscriber: (any Subscriber<Output, Failure>)? { subscribers.last }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribers.append(subscriber)
  }

  /// Hands the subscriber a new subscription, whose requests and cancels it records.
  @discardableResult
  func giveSubscription() -> HandDrivenSubscription {
    let subscription = HandDrivenSubscription()
    subscriptions.append(subscription)
    subscriber?.receive(subscription: subscription)
    return subscription
  }

  /// Sends `value` to the subscriber, whatever it asked for; returns the demand it answered with.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  /// Sends `completion` to the subscriber, even if it was sent before.
  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}

/// A subscription of a ``HandDrivenPublisher``: it records what its subscriber asks of it, and calls
/// itself "HandDriven".
final class HandDrivenSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
  private let log = Locked<[RecordingSubscription.Call]>([])

  /// The requests and cancels received, in order.
  var calls: [RecordingSubscription.Call] { log.value }

  var description: String { "HandDriven" }

  func request(_ demand: Subscribers.Demand) {
    log.append(.request(demand))
  }

  func cancel() {
    log.append(.cancel)
  }
}

/// An object for a test to hold weakly, to see whether what captured it let it go.
final class Token: @unchecked Sendable {}

/// The labels of the children of `subject`'s mirror, in order.
func mirrorLabels(_ subject: Any) -> [String?] {
  Mirror(reflecting: subject).children.map(\.label)
}

/// What `subject` shows in a playground, as text.
func playgroundText(_ subject: Any) -> String? {
  (subject as? any CustomPlaygroundDisplayConvertible).map { String(describing: $0.playgroundDescription) }
}

/// A subscriber that records its whole history, requests unlimited values, and keeps the subscription
/// it was given even after cancelling it, so that a test can go on calling into it.
final class SubscriptionKeeper<Input: Equatable, Failure: Error & Equatable>: Subscriber, @unchecked Sendable
{
  private let state = Locked<(events: [Event<Input, Failure>], subscription: (any Subscription)?)>(([], nil))

  /// Everything received so far, in order.
  var events: [Event<Input, Failure>] { state.value.events }

  /// The subscription received.
  var subscription: (any Subscription)? { state.value.subscription }

  func receive(subscription: any Subscription) {
    state.withLock {
      $0.events.append(.subscription)
      $0.subscription = subscription
    }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.events.append(.value(input)) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.events.append(.completion(completion)) }
  }
}
