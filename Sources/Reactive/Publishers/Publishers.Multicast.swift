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
        subscriber: Inner(downstream: subscriber, step: { .send($0) }, mapFailure: { $0 }))
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
  private final class Inner<Downstream: Subscriber>: TransformingInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    override var description: String { "Multicast" }
  }
}
