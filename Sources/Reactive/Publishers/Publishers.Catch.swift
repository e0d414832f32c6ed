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
      upstream.receive(subscriber: Inner(downstream: subscriber, handler: handler))
    }
  }
}

extension Publishers.Catch {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == NewPublisher.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase {
      case awaitingSubscription
      case upstream(any Subscription)
      /// Upstream failed; the new publisher's subscription, once it arrives.
      case recovering((any Subscription)?)
      case ended
    }

    private struct State {
      var phase = Phase.awaitingSubscription
      var downstream: Downstream?
      var handler: ((Upstream.Failure) -> NewPublisher)?
      /// Requested by the downstream and not yet delivered.
      var demand = Subscribers.Demand.none

      var current: (any Subscription)? {
        switch phase {
        case .upstream(let subscription): return subscription
        case .recovering(let subscription): return subscription
        case .awaitingSubscription, .ended: return nil
        }
      }

      mutating func end() -> Downstream? {
        defer {
          phase = .ended
          downstream = nil
          handler = nil
        }
        return downstream
      }
    }

    private let state: LockedState<State>

    init(downstream: Downstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      state = .make(State(downstream: downstream, handler: handler))
    }

    var description: String { "Catch" }
    var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
      let downstream: Downstream? = state.withLock { state in
        guard case .awaitingSubscription = state.phase else { return nil }
        state.phase = .upstream(subscription)
        return state.downstream
      }
      guard let downstream else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      deliver(input, recovering: false)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let next: (downstream: Downstream?, handler: ((Upstream.Failure) -> NewPublisher)?) = state.withLock {
        state in
        guard case .upstream = state.phase else { return (nil, nil) }
        switch completion {
        case .finished:
          return (state.end(), nil)
        case .failure:
          state.phase = .recovering(nil)
          defer { state.handler = nil }
          return (nil, state.handler)
        }
      }
      if let downstream = next.downstream {
        downstream.receive(completion: .finished)
      } else if let handler = next.handler, case .failure(let failure) = completion {
        handler(failure).receive(subscriber: Recovery(parent: self))
      }
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      state.withLock { state -> (any Subscription)? in
        switch state.phase {
        case .upstream, .recovering:
          // Counted even before the new publisher's subscription arrives, which then requests it all.
          state.demand += demand
          return state.current
        case .awaitingSubscription, .ended:
          return nil
        }
      }?.request(demand)
    }

    func cancel() {
      state.withLock { state -> (any Subscription)? in
        defer { _ = state.end() }
        return state.current
      }?.cancel()
    }

    /// Passes a value on, counting it against the downstream's demand.
    fileprivate func deliver(_ input: Input, recovering: Bool) -> Subscribers.Demand {
      let downstream: Downstream? = state.withLock { state in
        switch (state.phase, recovering) {
        case (.upstream, false), (.recovering(.some), true):
          state.demand -= 1
          return state.downstream
        default:
          return nil
        }
      }
      guard let downstream else { return .none }
      let more = downstream.receive(input)
      state.withLock { $0.demand += more }
      return more
    }

    fileprivate func recoveryReceive(subscription: any Subscription) {
      let demand: Subscribers.Demand? = state.withLock { state in
        guard case .recovering(nil) = state.phase else { return nil }
        state.phase = .recovering(subscription)
        return state.demand
      }
      guard let demand else {
        subscription.cancel()
        return
      }
      if demand != .none { subscription.request(demand) }
    }

    fileprivate func recoveryReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
      let downstream: Downstream? = state.withLock { state in
        guard case .recovering(.some) = state.phase else { return nil }
        return state.end()
      }
      downstream?.receive(completion: completion)
    }
  }

  /// The subscriber of the publisher made after the failure.
  private struct Recovery<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == NewPublisher.Failure {
    typealias Input = Output
    typealias Failure = NewPublisher.Failure

    let parent: Inner<Downstream>
    let combineIdentifier = CombineIdentifier()

    var description: String { "Catch" }

    func receive(subscription: any Subscription) {
      parent.recoveryReceive(subscription: subscription)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      parent.deliver(input, recovering: true)
    }

    func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
      parent.recoveryReceive(completion: completion)
    }
  }
}
