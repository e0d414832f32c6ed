extension Optional {
  /// A publisher of this optional: the value then `.finished`, or just `.finished` when it is `nil`.
  public var publisher: Publisher {
    Publisher(self)
  }

  /// A publisher that delivers an optional value once to each subscriber.
  ///
  /// A value waits for the first request, then is delivered and the stream finishes; `nil` finishes at
  /// once, upon subscription.
  public struct Publisher: Reactive.Publisher {
    /// The wrapped value.
    public typealias Output = Wrapped
    /// It cannot fail.
    public typealias Failure = Never

    /// What each subscriber receives, if anything.
    public let output: Wrapped?

    /// Creates a publisher of `output`.
    public init(_ output: Wrapped?) {
      self.output = output
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
      if let output {
        subscriber.receive(subscription: OptionalSubscription(output, downstream: subscriber))
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }
  }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

/// The subscription of an ``Optional/Publisher`` holding a value; Combine calls it "Optional".
private final class OptionalSubscription<Downstream: Subscriber>: SingleValueSubscription<Downstream>,
  @unchecked Sendable
{
  override var description: String { "Optional" }
}
