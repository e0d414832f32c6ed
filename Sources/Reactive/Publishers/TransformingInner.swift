/// The subscriber and subscription that an operator deciding about each value on its own puts between
/// its upstream and downstream: pass the value on (transformed), leave it out, end the stream, or fail.
///
/// Each operator subclasses it, naming itself (Combine's `description`) and giving, at init, the step
/// for one value and how an upstream failure reaches the downstream. Nothing is delivered after the
/// stream ends by completion, failure or cancel, and a second upstream subscription is cancelled. As
/// Combine's, it keeps the downstream and the steps until it is released itself (OpenCombine's
/// lifecycle tests of tryFilter, tryCompactMap, drop(while:), prefix(while:),
/// removeDuplicates and subscribe(on:) run with `cancellingSubscriptionReleasesSubscriber: false`). `receive(_:)` calls are serialized by the upstream,
/// so a step may keep state of its own (a running result, the previous value) without a lock.
@usableFromInline
class TransformingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
  @usableFromInline typealias Failure = UpstreamFailure

  /// What to do with one value.
  @usableFromInline
  enum Step {
    /// Pass this on.
    case send(Downstream.Input)
    /// Leave the value out; upstream is asked for one more.
    case skip
    /// Finish without passing anything on (cancelling upstream).
    case finish
    /// Fail with this error (cancelling upstream).
    case fail(Downstream.Failure)
  }

  /// How demand reaches upstream.
  @usableFromInline
  enum UpstreamDemand {
    /// Each downstream request is passed on as it is.
    case asRequested
    /// The first downstream request asks upstream for everything; later ones are not passed on.
    case unlimitedOnFirstRequest
  }

  @usableFromInline
  struct Handlers {
    @usableFromInline let step: (Input) -> Step
    @usableFromInline let mapFailure: (UpstreamFailure) -> Downstream.Failure

    @inlinable
    init(step: @escaping (Input) -> Step, mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure) {
      self.step = step
      self.mapFailure = mapFailure
    }
  }

  @usableFromInline
  enum Phase {
    case awaiting
    case subscribed(upstream: any Subscription, requested: Bool)
    case terminal
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let handlers: Handlers
  @usableFromInline let phase: LockedState<Phase>
  @usableFromInline let upstreamDemand: UpstreamDemand

  @inlinable
  init(
    downstream: Downstream, upstreamDemand: UpstreamDemand = .asRequested,
    step: @escaping (Input) -> Step, mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure
  ) {
    self.downstream = downstream
    handlers = Handlers(step: step, mapFailure: mapFailure)
    phase = .make(.awaiting)
    self.upstreamDemand = upstreamDemand
  }

  /// Combine's name for the operator's subscription; every subclass overrides it.
  @usableFromInline var description: String { "Transforming" }

  /// No children; a subclass whose Combine counterpart shows others
  /// overrides it.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

  /// The description.
  @usableFromInline var playgroundDescription: Any { description }

  /// Whether a value, completion or request that arrives before the upstream's subscription stops the
  /// process, as Combine's `tryFilter`, `tryCompactMap`, `prefix(while:)`, `tryPrefix(while:)` and
  /// `tryRemoveDuplicates` do (their `…ReceiveValueBeforeSubscription`,
  /// `…ReceiveCompletionBeforeSubscription` and `…RequestBeforeSubscription` tests in OpenCombine
  /// expect a crash); otherwise it is ignored. Read only when such an event arrives.
  @usableFromInline var trapsEventsBeforeSubscription: Bool { false }

  /// Stops the process over `event`, which came before the subscription, if this operator does so.
  @inlinable
  final func checkBeforeSubscription(_ event: String) {
    precondition(!trapsEventsBeforeSubscription, "\(description) received \(event) before its subscription")
  }

  @inlinable
  final func receive(subscription: any Subscription) {
    let accepted = phase.withLock { phase in
      guard case .awaiting = phase else { return false }
      phase = .subscribed(upstream: subscription, requested: false)
      return true
    }
    guard accepted else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  @inlinable
  final func receive(_ input: Input) -> Subscribers.Demand {
    let active = phase.withLock { phase in
      switch phase {
      case .subscribed: return true
      case .awaiting: checkBeforeSubscription("a value")
      case .terminal: break
      }
      return false
    }
    guard active else { return .none }
    switch handlers.step(input) {
    case .send(let output):
      return downstream.receive(output)
    case .skip:
      return .max(1)
    case .finish:
      end(with: .finished)
    case .fail(let failure):
      end(with: .failure(failure))
    }
    return .none
  }

  @inlinable
  final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let ended = phase.withLock { phase in
      switch phase {
      case .subscribed:
        phase = .terminal
        return true
      case .awaiting: checkBeforeSubscription("a completion")
      case .terminal: break
      }
      return false
    }
    guard ended else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let failure): downstream.receive(completion: .failure(handlers.mapFailure(failure)))
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    let forward: (any Subscription, Subscribers.Demand)? = phase.withLock { phase in
      if case .awaiting = phase { checkBeforeSubscription("a request") }
      guard case .subscribed(let upstream, let requested) = phase else { return nil }
      switch upstreamDemand {
      case .asRequested:
        return (upstream, demand)
      case .unlimitedOnFirstRequest:
        guard !requested else { return nil }
        phase = .subscribed(upstream: upstream, requested: true)
        return (upstream, .unlimited)
      }
    }
    if let (upstream, demand) = forward { upstream.request(demand) }
  }

  @inlinable
  func cancel() {
    terminate()?.cancel()
  }

  /// Ends the stream from inside: cancels upstream, then completes the downstream, unless the stream
  /// ended meanwhile.
  @inlinable
  final func end(with completion: Subscribers.Completion<Downstream.Failure>) {
    guard let upstream = terminate() else { return }
    upstream.cancel()
    downstream.receive(completion: completion)
  }

  /// Moves to the end; returns the upstream subscription if it was held, for the caller to cancel.
  @inlinable
  final func terminate() -> (any Subscription)? {
    phase.withLock { phase in
      defer { phase = .terminal }
      if case .subscribed(let upstream, _) = phase { return upstream }
      return nil
    }
  }
}
