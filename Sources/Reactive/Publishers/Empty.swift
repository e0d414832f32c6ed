/// A publisher that delivers no value, and either finishes at once or never.
public struct Empty<Output, Failure: Error>: Publisher, Equatable, Sendable {
  /// Whether the publisher finishes as soon as it is subscribed to.
  public let completeImmediately: Bool

  /// Creates an empty publisher that finishes at once, or never when `completeImmediately` is false.
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an empty publisher, naming its types.
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  /// Attaches `subscriber`, which receives a subscription and, if it completes at once, `.finished`.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately {
      subscriber.receive(completion: .finished)
    }
  }
}
