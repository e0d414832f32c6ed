extension Publishers {
  /// A publisher that connects its connectable upstream when the first subscriber arrives and
  /// disconnects it when the last one cancels; a subscriber after that connects it again.
  ///
  /// Each subscriber is attached before the connection is made, so the first sees the first values. A
  /// subscriber that receives a completion still counts until it cancels (Combine's subscribers stop
  /// calling cancel once they are complete), so an upstream that has completed is not run again.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private struct State {
      var subscribers = 0
      var connection: (any Cancellable)?
      var connecting = false
    }

    /// The connectable publisher.
    public final let upstream: Upstream
    private let state = LockedState.make(State())

    /// Creates a publisher connecting `upstream` on demand.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to the upstream, then connects if no connection is up.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      state.withLock { $0.subscribers += 1 }
      upstream.receive(subscriber: Inner(parent: self, downstream: subscriber))
      let connect: Bool = state.withLock { state in
        guard state.subscribers > 0, state.connection == nil, !state.connecting else { return false }
        state.connecting = true
        return true
      }
      guard connect else { return }
      let connection = upstream.connect()
      let cancelNow: Bool = state.withLock { state in
        state.connecting = false
        guard state.subscribers > 0 else { return true }
        state.connection = connection
        return false
      }
      if cancelNow { connection.cancel() }
    }

    /// Counts a subscriber out; the last one out takes the connection down.
    fileprivate func subscriberCancelled() {
      let connection: (any Cancellable)? = state.withLock { state in
        state.subscribers -= 1
        guard state.subscribers == 0 else { return nil }
        defer { state.connection = nil }
        return state.connection
      }
      connection?.cancel()
    }
  }
}

extension Publishers.Autoconnect {
  private final class Inner<Downstream: Subscriber>: TransformingInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private let parent: LockedState<Publishers.Autoconnect<Upstream>?>

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
      self.parent = .make(parent)
      super.init(downstream: downstream, step: { .send($0) }, mapFailure: { $0 })
    }

    override var description: String { "Autoconnect" }

    override func cancel() {
      super.cancel()
      parent.withLock { $0.take() }?.subscriberCancelled()
    }
  }
}
