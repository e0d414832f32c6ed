/// A type that can deliver a sequence of values over time to subscribers.
///
/// A publisher delivers to each subscriber, in order: exactly one subscription, then values (never
/// more than the subscriber has requested), then at most one completion. Calls to a subscriber never
/// overlap.
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher produces.
  associatedtype Output
  /// The kind of error this publisher may fail with; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Attaches `subscriber`. Called by ``subscribe(_:)->()``; implement it, call the other.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher.
  @inlinable
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }

  /// Sends this publisher's events into `subject`, until the returned cancellable is cancelled.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where S.Output == Output, S.Failure == Failure {
    let subscriber = SubjectSubscriber(subject)
    receive(subscriber: subscriber)
    return AnyCancellable(subscriber)
  }
}

/// The subscriber behind ``Publisher/subscribe(_:)-8gqkq`` and `AnySubscriber(subject)`: forwards
/// everything into a subject, and is itself the subscription the subject is handed ("Subject"), passing
/// its requests and cancel to the upstream's, as Combine's is.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  private let lock = PlainLock.make()
  private var subject: Downstream?
  private var subscription: (any Subscription)?

  init(_ subject: Downstream) {
    self.subject = subject
  }

  func receive(subscription: any Subscription) {
    let target: Downstream? = lock.withLock {
      guard self.subscription == nil, let subject else { return nil }
      self.subscription = subscription
      return subject
    }
    if let target {
      target.send(subscription: self)
    } else {
      subscription.cancel()
    }
  }

  var description: String { "Subject" }
  var playgroundDescription: Any { description }
  var customMirror: Mirror {
    let (subject, subscription) = lock.withLock { (self.subject, self.subscription) }
    let children: [Mirror.Child] = [
      ("downstreamSubject", subject as Any), ("upstreamSubscription", subscription as Any),
      ("subject", subject as Any),
    ]
    return Mirror(self, children: children)
  }

  /// Passes the subject's request to the upstream's subscription.
  func request(_ demand: Subscribers.Demand) {
    lock.withLock { subscription }?.request(demand)
  }

  /// Sends `input` into the subject; as in Combine, nothing reaches it before the subscription.
  func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock { subscription == nil ? nil : subject }?.send(input)
    return .none
  }

  /// Ends the subject; as in Combine, a completion before the subscription is ignored.
  func receive(completion: Subscribers.Completion<Failure>) {
    guard lock.withLock({ subscription != nil }) else { return }
    let (target, upstream) = detach()
    target?.send(completion: completion)
    withExtendedLifetime(upstream) {}
  }

  func cancel() {
    let (target, upstream) = detach()
    upstream?.cancel()
    withExtendedLifetime(target) {}
  }

  /// Takes the subject and the subscription out, to be let go of outside the lock: releasing the
  /// subject may cancel its upstreams, and they may report back to this subscriber.
  private func detach() -> (Downstream?, (any Subscription)?) {
    lock.withLock { (subject.take(), subscription.take()) }
  }
}
