extension Publisher {
  /// Replaces a failure with the publisher `handler` makes of it, or with the error `handler` throws:
  /// the stream goes on with that publisher's values and completion.
  ///
  /// Demand the downstream requested and did not receive carries over to the new publisher. An error
  /// thrown by `handler` ends the stream with that error.
  public func tryCatch<P: Publisher>(
    _ handler: @escaping (Failure) throws -> P
  ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that switches to another publisher when its upstream fails, or fails with the error
  /// its handler throws.
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values of the upstream, then of the new publisher.
    public typealias Output = Upstream.Output
    /// The new publisher's failure, or the error the handler threw.
    public typealias Failure = any Error

    /// The publisher whose failure is caught.
    public let upstream: Upstream
    /// Makes the publisher to go on with, or throws the error to end with.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Creates a publisher that goes on with `try handler(failure)` when `upstream` fails.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      upstream.receive(
        subscriber: CatchInner<Upstream.Output, Upstream.Failure, NewPublisher, S>(
          "TryCatch", downstream: subscriber, handler: { failure in Result { try handler(failure) } },
          mapFailure: { $0 }))
    }
  }
}
