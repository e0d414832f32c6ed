/// The subscriber and subscription of `catch` and `tryCatch`: it passes the upstream's values on, and
/// when the upstream fails, subscribes to the publisher the handler makes of the failure and goes on
/// with its values and completion.
///
/// Demand the downstream requested and did not receive carries over to the new publisher, which is
/// asked for it all as soon as its subscription arrives; each value returns the downstream's demand. A
/// handler that fails (`tryCatch`'s throws) ends the stream with its error. The downstream and the
/// handler are let go when the stream completes.
///
/// An upstream value the downstream did not ask for, or one before the subscription, traps as in
/// Combine, and so does a second failure of the upstream while the new publisher is on its way or
/// under way (OpenCombine's `CatchTests.testCatchRecursion` and `testCatchUpstreamFailsTwice`).
///
/// A cancel is Combine's: it cancels the current subscription, and afterwards requests go nowhere,
/// completions are dropped and a failure calls no handler, but values the cancelled publisher still
/// sends reach the downstream, which is kept for them. A cancel while the new publisher's subscription
/// is still to come cancels nothing: that publisher is asked for the demand and its events pass.
final class CatchInner<Input, UpstreamFailure: Error, NewPublisher: Publisher, Downstream: Subscriber>:
  Subscriber, Subscription, CombineReflecting, @unchecked Sendable
where Downstream.Input == Input, NewPublisher.Output == Input {
  typealias Failure = UpstreamFailure
  /// Makes the publisher to go on with, or the failure to end with.
  typealias Handler = (UpstreamFailure) -> Result<NewPublisher, Downstream.Failure>

  private enum Phase {
    case awaitingSubscription
    case upstream(any Subscription)
    /// Upstream failed; the new publisher's subscription, once it arrives.
    case recovering((any Subscription)?)
    /// `tryCatch`'s handler threw: the stream has failed, but values the old upstream still sends
    /// are handed on, as Combine's are (OpenCombine's `CatchTests.testTryCatchHandlerThrows`).
    case handlerThrew
    case ended
  }

  private struct State {
    var phase = Phase.awaitingSubscription
    var downstream: Downstream?
    var handler: Handler?
    /// Requested by the downstream and not yet delivered.
    var demand = Subscribers.Demand.none
    /// Cancelled by the downstream, which is still handed values as Combine's is.
    var cancelled = false

    var current: (any Subscription)? {
      switch phase {
      case .upstream(let subscription): return subscription
      case .recovering(let subscription): return subscription
      case .awaitingSubscription, .handlerThrew, .ended: return nil
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

  let combineName: String
  var reflectedChildren: [Mirror.Child] {
    let (downstream, demand) = state.withLock { ($0.downstream, $0.demand) }
    return [("downstream", downstream as Any), ("demand", demand)]
  }
  private let mapFailure: (NewPublisher.Failure) -> Downstream.Failure
  private let state: LockedState<State>

  /// An operator named `name` that recovers through `handler`, handing the new publisher's failure
  /// downstream through `mapFailure`.
  init(
    _ name: String, downstream: Downstream, handler: @escaping Handler,
    mapFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
  ) {
    combineName = name
    self.mapFailure = mapFailure
    state = .make(State(downstream: downstream, handler: handler))
  }

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
    let next: (downstream: Downstream?, handler: Handler?, failedAgain: Bool) = state.withLock { state in
      if case .failure = completion, case .recovering = state.phase, !state.cancelled {
        return (nil, nil, true)
      }
      guard case .upstream = state.phase, !state.cancelled else { return (nil, nil, false) }
      switch completion {
      case .finished:
        return (state.end(), nil, false)
      case .failure:
        state.phase = .recovering(nil)
        defer { state.handler = nil }
        return (nil, state.handler, false)
      }
    }
    // Combine traps on a second failure of the upstream, from inside the handler or after it.
    precondition(!next.failedAgain, "\(combineName) received a failure after its upstream had failed")
    if let downstream = next.downstream {
      downstream.receive(completion: .finished)
    } else if let handler = next.handler, case .failure(let failure) = completion {
      switch handler(failure) {
      case .success(let publisher):
        publisher.receive(subscriber: CatchRecovery(parent: self))
      case .failure(let error):
        let downstream: Downstream? = state.withLock { state in
          guard case .recovering(nil) = state.phase else { return nil }
          state.phase = .handlerThrew
          return state.downstream
        }
        downstream?.receive(completion: .failure(error))
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    state.withLock { state -> (any Subscription)? in
      guard !state.cancelled else { return nil }
      switch state.phase {
      case .upstream, .recovering:
        // Counted even before the new publisher's subscription arrives, which then requests it all.
        state.demand += demand
        return state.current
      case .awaitingSubscription, .handlerThrew, .ended:
        return nil
      }
    }?.request(demand)
  }

  func cancel() {
    state.withLock { state -> (any Subscription)? in
      switch state.phase {
      case .recovering(nil), .ended:
        return nil
      case .handlerThrew:
        _ = state.end()
        return nil
      case .awaitingSubscription:
        _ = state.end()
        return nil
      case .upstream(let subscription), .recovering(.some(let subscription)):
        state.cancelled = true
        state.handler = nil
        return subscription
      }
    }?.cancel()
  }

  /// Passes a value on, counting it against the downstream's demand.
  fileprivate func deliver(_ input: Input, recovering: Bool) -> Subscribers.Demand {
    let downstream: Downstream? = state.withLock { state in
      switch (state.phase, recovering) {
      case (.upstream, false), (.recovering(.some), true):
        // Combine traps on an upstream value nobody asked for (before the subscription too).
        precondition(
          recovering || state.cancelled || state.demand > 0,
          "\(combineName) received a value its subscriber did not request")
        state.demand -= 1
        return state.downstream
      case (.handlerThrew, false):
        return state.downstream
      case (.awaitingSubscription, false):
        preconditionFailure("\(combineName) received a value before its subscription")
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
      guard case .recovering(.some) = state.phase, !state.cancelled else { return nil }
      return state.end()
    }
    switch completion {
    case .finished: downstream?.receive(completion: .finished)
    case .failure(let failure): downstream?.receive(completion: .failure(mapFailure(failure)))
    }
  }
}

/// The subscriber of the publisher made after the failure. It describes itself as the operator does,
/// with the operator's mirror, as Combine's (OpenCombine's `CatchTests.testCatchReflection`).
private struct CatchRecovery<Input, UpstreamFailure: Error, NewPublisher: Publisher, Downstream: Subscriber>:
  Subscriber, CombineReflecting
where Downstream.Input == Input, NewPublisher.Output == Input {
  typealias Failure = NewPublisher.Failure

  let parent: CatchInner<Input, UpstreamFailure, NewPublisher, Downstream>
  let combineIdentifier = CombineIdentifier()

  var combineName: String { parent.combineName }
  var reflectedChildren: [Mirror.Child] { parent.reflectedChildren }

  func receive(subscription: any Subscription) {
    parent.recoveryReceive(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    parent.deliver(input, recovering: true)
  }

  func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
    parent.recoveryReceive(completion: completion)
  }
}
