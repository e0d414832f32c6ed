/// The subscriber and subscription that ``Publishers/Encode`` and ``Publishers/Decode`` put between
/// their upstream and downstream, behaving as Combine's do at the edges.
///
/// Each value is coded and passed on, even one that arrives before the upstream's subscription; a
/// coder's error cancels the upstream (let go of first, so a request from the downstream meanwhile
/// goes nowhere) and fails the downstream. After the completion, a failure or a cancel nothing more is
/// passed on, and a second subscription is cancelled. It describes itself with the operator's name and
/// the children `downstream`, `finished` and `upstreamSubscription`, as Combine's does.
final class CodingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CombineReflecting, @unchecked Sendable
where Downstream.Failure == any Error {
  typealias Failure = UpstreamFailure

  private struct State {
    var upstream: (any Subscription)?
    var finished = false
  }

  let combineName: String
  private let downstream: Downstream
  private let code: (Input) throws -> Downstream.Input
  private let state = LockedState.make(State())

  init(name: String, downstream: Downstream, code: @escaping (Input) throws -> Downstream.Input) {
    combineName = name
    self.downstream = downstream
    self.code = code
  }

  var reflectedChildren: [Mirror.Child] {
    let state = state.withLock { $0 }
    return [
      ("downstream", downstream), ("finished", state.finished),
      ("upstreamSubscription", state.upstream as Any),
    ]
  }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard state.upstream == nil, !state.finished else { return false }
      state.upstream = subscription
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard !state.withLock({ $0.finished }) else { return .none }
    do {
      return downstream.receive(try code(input))
    } catch {
      guard let ended = end() else { return .none }
      ended?.cancel()
      downstream.receive(completion: .failure(error))
      return .none
    }
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    guard end() != nil else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let failure): downstream.receive(completion: .failure(failure))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.upstream }?.request(demand)
  }

  func cancel() {
    end()??.cancel()
  }

  /// Marks the stream finished; `nil` if it already was, otherwise the upstream subscription held
  /// (if any), let go of for the caller to cancel.
  private func end() -> (any Subscription)?? {
    state.withLock { state in
      guard !state.finished else { return nil }
      state.finished = true
      defer { state.upstream = nil }
      return .some(state.upstream)
    }
  }
}
