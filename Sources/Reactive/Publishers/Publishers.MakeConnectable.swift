extension Publisher where Failure == Never {
  /// Wraps this publisher so that it starts only when ``ConnectablePublisher/connect()`` is called,
  /// and every subscriber attached by then sees its values from the first.
  ///
  /// The subscribers share one subscription to this publisher, through a `PassthroughSubject`, as
  /// with `multicast(subject:)`; cancelling what `connect()` returns ends that subscription.
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// A connectable publisher that shares its upstream among its subscribers once connected.
  ///
  /// Copies share one connection: the subject is made with the publisher, not with each copy.
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

    /// Creates a connectable publisher sharing `upstream` from the first ``connect()``.
    public init(upstream: Upstream) {
      multicast = upstream.multicast(subject: PassthroughSubject())
    }

    /// Attaches `subscriber`; it sees values once the publisher is connected.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      multicast.receive(subscriber: subscriber)
    }

    /// Subscribes to the upstream; cancelling the result ends that subscription.
    public func connect() -> any Cancellable {
      multicast.connect()
    }
  }
}
