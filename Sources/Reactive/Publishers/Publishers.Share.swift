extension Publisher {
  /// Shares one subscription to this publisher among every subscriber of the result.
  ///
  /// The first subscriber subscribes to this publisher; later ones join the same stream and see only
  /// what it delivers after they joined; when all have cancelled the subscription is cancelled too.
  /// Subscribers that join after completion receive only the completion, and a value or completion
  /// the upstream sends before its subscription reaches no one. It is Combine's multicast through a
  /// `PassthroughSubject` with `autoconnect()`, and a subscriber is handed the multicast's
  /// subscription ("Multicast"); a `class`, so copies share one stream.
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream among all its subscribers.
  public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher shared.
    public final let upstream: Upstream
    private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

    /// Creates a publisher sharing `upstream`.
    public init(upstream: Upstream) {
      self.upstream = upstream
      shared = upstream.multicast(subject: PassthroughSubject()).autoconnect()
    }

    /// Attaches `subscriber` to the shared stream.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      shared.receive(subscriber: subscriber)
    }

    /// Two shares are equal when they are the same instance.
    public static func == (lhs: Share, rhs: Share) -> Bool {
      lhs === rhs
    }
  }
}
