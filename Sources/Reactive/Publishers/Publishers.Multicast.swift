extension Publisher {
  /// Shares this publisher through the subject `createSubject` makes (once, on first use): subscribers
  /// attach to the subject, and ``ConnectablePublisher/connect()`` subscribes the subject to this
  /// publisher.
  public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares this publisher through `subject`: subscribers attach to it, and
  /// ``ConnectablePublisher/connect()`` subscribes it to this publisher.
  public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: { subject })
  }
}

extension Publishers {
  /// A connectable publisher that delivers its upstream's events to many subscribers through a
  /// subject.
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher,
    @unchecked Sendable
  where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher shared.
    public final let upstream: Upstream
    /// Makes the subject, once.
    public final let createSubject: () -> SubjectType
    private let subject = LockedState<SubjectType?>.make(nil)

    /// Creates a publisher sharing `upstream` through the subject `createSubject` makes.
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// Attaches `subscriber` to the subject.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      sharedSubject().receive(
        subscriber: Inner(downstream: subscriber))
    }

    /// Subscribes the subject to the upstream; cancelling the result ends that subscription.
    public func connect() -> any Cancellable {
      upstream.subscribe(sharedSubject())
    }

    private func sharedSubject() -> SubjectType {
      subject.withLock { subject in
        if let subject { return subject }
        let made = createSubject()
        subject = made
        return made
      }
    }
  }
}

extension Publishers.Multicast {
  /// What the subject is given for each subscriber: passes the subject's events on until the first
  /// completion or a cancel, cancels a second subscription, and passes the downstream's requests to the
  /// subject's subscription as they are. As Combine's does (OpenCombine's
  /// `MulticastTests.testInnerSubscriber`), it requests the demand the downstream answers a value with
  /// of the subject's subscription, and answers the value with none.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase {
      case awaiting
      case subscribed(any Subscription)
      case terminal
    }

    private let downstream: Downstream
    private let phase = LockedState<Phase>.make(.awaiting)

    init(downstream: Downstream) {
      self.downstream = downstream
    }

    var description: String { "Multicast" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

    private var subscription: (any Subscription)? {
      phase.withLock { phase in
        if case .subscribed(let subscription) = phase { return subscription }
        return nil
      }
    }

    func receive(subscription: any Subscription) {
      let accepted = phase.withLock { phase in
        guard case .awaiting = phase else { return false }
        phase = .subscribed(subscription)
        return true
      }
      guard accepted else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let subscription else { return .none }
      let more = downstream.receive(input)
      if more != .none { subscription.request(more) }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard terminate() != nil else { return }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      subscription?.request(demand)
    }

    func cancel() {
      terminate()?.cancel()
    }

    /// Moves to the end; returns the subject's subscription if it was held.
    private func terminate() -> (any Subscription)? {
      phase.withLock { phase in
        defer { phase = .terminal }
        if case .subscribed(let subscription) = phase { return subscription }
        return nil
      }
    }
  }
}
