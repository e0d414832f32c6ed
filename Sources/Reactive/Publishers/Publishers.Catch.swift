extension Publisher {
  /// Replaces a failure with the publisher `handler` makes of it: the stream goes on with that
  /// publisher's values and completion.
  ///
  /// Demand the downstream requested and did not receive carries over to the new publisher.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
  where P.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that switches to another publisher when its upstream fails.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values of the upstream, then of the new publisher.
    public typealias Output = Upstream.Output
    /// Fails when the new publisher fails.
    public typealias Failure = NewPublisher.Failure

    /// The publisher whose failure is caught.
    public let upstream: Upstream
    /// Makes the publisher to go on with.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates a publisher that goes on with `handler(failure)` when `upstream` fails.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      upstream.receive(
        subscriber: CatchInner<Upstream.Output, Upstream.Failure, NewPublisher, S>(
          "Catch", downstream: subscriber, handler: { .success(handler($0)) }, mapFailure: { $0 }))
    }
  }
}
