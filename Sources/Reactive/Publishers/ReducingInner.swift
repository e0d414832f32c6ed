/// The subscriber and subscription of an operator that turns its whole upstream into one result:
/// `collect()`, `first()`, `first(where:)`, and the reducing operators built on it.
///
/// As Combine's do, it hands the downstream its subscription, then asks upstream for `.unlimited` at
/// once, whatever the downstream asks for, so that no value is lost while the downstream has not asked
/// yet. Each value goes through the operator's step, which updates the result and says whether to go
/// on, finish early (cancelling upstream: `first()` has its value) or fail (cancelling upstream). A
/// failure is passed on at once; the result and `.finished` wait for the downstream's first request.
/// Values return no extra demand. Nothing reaches the downstream after the end, a second upstream
/// subscription is cancelled, and the downstream, the result and the step (with what its closures
/// captured) are let go when the stream ends.
///
/// `receive(_:)` calls are serialized by the upstream; the step runs outside the lock.
final class ReducingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CombineReflecting, @unchecked Sendable
{
  typealias Failure = UpstreamFailure
  typealias Output = Downstream.Input

  /// What the step says after a value.
  enum Next {
    /// Go on: more values may change the result.
    case more
    /// The result is final: cancel upstream and finish.
    case finish
    /// Cancel upstream and fail with this error.
    case fail(Downstream.Failure)
  }

  private enum Status {
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The result is final and waits for the downstream's first request.
    case pendingFinish
    case terminal
  }

  private struct State {
    var status = Status.awaitingSubscription
    var downstream: Downstream?
    var result: Output?
    /// The operator's step, let go at the end with what it captured.
    var step: ((inout Output?, Input) -> Next)?
    var requested = false

    /// Moves to the end, letting go of the downstream, the result and the step; returns the first two.
    mutating func end() -> (Downstream, Output?)? {
      defer {
        status = .terminal
        downstream = nil
        result = nil
        step = nil
      }
      return downstream.map { ($0, result) }
    }
  }

  let combineName: String
  private let initial: Output?
  private let mapFailure: (UpstreamFailure) -> Downstream.Failure
  private let children: ((Output?) -> [Mirror.Child])?
  private let state: LockedState<State>

  /// A reducer named `name` that starts from `initial` (`nil`: no result until a value makes one), runs
  /// `step` on each value and hands an upstream failure on through `mapFailure`. `children`, when
  /// given, makes the mirror's children from the result so far, for an operator whose Combine mirror
  /// differs from the reducers' usual four.
  init(
    _ name: String, downstream: Downstream, initial: Output?, step: @escaping (inout Output?, Input) -> Next,
    mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
    children: ((Output?) -> [Mirror.Child])? = nil
  ) {
    combineName = name
    self.initial = initial
    self.mapFailure = mapFailure
    self.children = children
    state = .make(State(downstream: downstream, result: initial, step: step))
  }

  /// As Combine's: the downstream (while held), the result, the initial result and the status.
  var reflectedChildren: [Mirror.Child] {
    let (downstream, result, status) = state.withLock { ($0.downstream, $0.result, $0.status) }
    if let children { return children(result) }
    let statusName: String
    switch status {
    case .awaitingSubscription: statusName = "awaitingSubscription"
    case .subscribed(let upstream): statusName = "subscribed(\(upstream))"
    case .pendingFinish: statusName = "pendingFinish"
    case .terminal: statusName = "terminal"
    }
    return [
      ("downstream", downstream as Any), ("result", result as Any), ("initial", initial as Any),
      ("status", statusName),
    ]
  }

  func receive(subscription: any Subscription) {
    let downstream: Downstream? = state.withLock { state in
      guard case .awaitingSubscription = state.status else { return nil }
      state.status = .subscribed(subscription)
      return state.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard
      let (taken, step) = state.withLock({ state -> (Output?, (inout Output?, Input) -> Next)? in
        guard case .subscribed = state.status, let step = state.step else { return nil }
        // Taken out, so that a growing result (collect's array) is not copied at each value.
        return (state.result.take(), step)
      })
    else { return .none }
    var result = taken
    let next = step(&result, input)
    let upstream: (any Subscription)? = state.withLock { state in
      guard case .subscribed(let upstream) = state.status else { return nil }
      state.result = result
      if case .more = next { return nil }
      return upstream
    }
    guard let upstream else { return .none }
    switch next {
    case .more:
      break
    case .finish:
      upstream.cancel()
      finish()
    case .fail(let failure):
      upstream.cancel()
      fail(failure)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    guard state.withLock({ if case .subscribed = $0.status { true } else { false } }) else { return }
    switch completion {
    case .finished: finish()
    case .failure(let failure): fail(mapFailure(failure))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    let delivery: (Downstream, Output?)? = state.withLock { state in
      guard !state.requested else { return nil }
      state.requested = true
      guard case .pendingFinish = state.status else { return nil }
      return state.end()
    }
    if let (downstream, result) = delivery { deliver(result, to: downstream) }
  }

  func cancel() {
    let upstream: (any Subscription)? = state.withLock { state in
      switch state.status {
      case .awaitingSubscription, .terminal:
        return nil
      case .pendingFinish:
        _ = state.end()
        return nil
      case .subscribed(let upstream):
        _ = state.end()
        return upstream
      }
    }
    upstream?.cancel()
  }

  /// The result is final: delivered now if the downstream has asked, else on its first request.
  private func finish() {
    let delivery: (Downstream, Output?)? = state.withLock { state in
      guard case .subscribed = state.status else { return nil }
      guard state.requested else {
        state.status = .pendingFinish
        return nil
      }
      return state.end()
    }
    if let (downstream, result) = delivery { deliver(result, to: downstream) }
  }

  private func fail(_ failure: Downstream.Failure) {
    let downstream: Downstream? = state.withLock { state in
      guard case .subscribed = state.status else { return nil }
      return state.end()?.0
    }
    downstream?.receive(completion: .failure(failure))
  }

  private func deliver(_ result: Output?, to downstream: Downstream) {
    if let result { _ = downstream.receive(result) }
    downstream.receive(completion: .finished)
  }
}
