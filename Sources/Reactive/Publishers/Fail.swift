/// A publisher that fails at once with an error, delivering no value.
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error every subscriber receives.
  public let error: Failure

  /// Creates a publisher failing with `error`.
  public init(error: Failure) {
    self.error = error
  }

  /// Creates a publisher failing with `failure`, naming its output type.
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  /// Attaches `subscriber`, which receives a subscription and then the failure.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
