extension Result {
  /// A publisher of this result: the success value then `.finished`, or the failure.
  public var publisher: Publisher {
    Publisher(self)
  }

  /// A publisher that delivers a result once to each subscriber.
  ///
  /// A success waits for the first request, then delivers its value and finishes; a failure is
  /// delivered at once, upon subscription.
  public struct Publisher: Reactive.Publisher {
    /// The success value.
    public typealias Output = Success

    /// What each subscriber receives.
    public let result: Result<Success, Failure>

    /// Creates a publisher of `result`.
    public init(_ result: Result<Success, Failure>) {
      self.result = result
    }

    /// Creates a publisher of a success.
    public init(_ output: Output) {
      self.init(.success(output))
    }

    /// Creates a publisher of a failure.
    public init(_ failure: Failure) {
      self.init(.failure(failure))
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
      switch result {
      case .success(let value):
        subscriber.receive(subscription: ResultSubscription(value, downstream: subscriber))
      case .failure(let failure):
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(failure))
      }
    }
  }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

/// The subscription of a successful ``Result/Publisher``; Combine calls it "Once".
private final class ResultSubscription<Downstream: Subscriber>: SingleValueSubscription<Downstream>,
  @unchecked Sendable
{
  override var description: String { "Once" }
}
