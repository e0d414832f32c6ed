/// A publisher that eventually produces one value and finishes, or fails.
///
/// The closure given to the initializer runs at once, when the future is created, not when it is
/// subscribed to (wrap the future in ``Deferred`` for that), and calls the promise with the result,
/// now or later, from any thread; only the first call counts. Every subscriber, early or late, gets the
/// same result: a value once it has requested one, then `.finished`; a failure as soon as both the
/// subscriber and the failure are there.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  /// The closure that fulfils the future.
  public typealias Promise = (Result<Output, Failure>) -> Void

  private struct State {
    var result: Result<Output, Failure>?
    var waiting: [FutureConduit<Output, Failure>] = []
  }

  private let state = LockedState.make(State())

  /// Creates a future and runs `attemptToFulfill` at once with its promise.
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { result in self.fulfill(result) }
  }

  /// Attaches `subscriber`, which receives the result once there is one.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = FutureSubscription(parent: self, downstream: subscriber)
    let result: Result<Output, Failure>? = state.withLock { state in
      if state.result == nil { state.waiting.append(conduit) }
      return state.result
    }
    subscriber.receive(subscription: conduit)
    conduit.attach(result)
  }

  private func fulfill(_ result: Result<Output, Failure>) {
    let waiting: [FutureConduit<Output, Failure>] = state.withLock { state in
      guard state.result == nil else { return [] }
      state.result = result
      defer { state.waiting = [] }
      return state.waiting
    }
    for conduit in waiting {
      conduit.resolve(result)
    }
  }

  /// Forgets a subscription that was cancelled before the result came.
  fileprivate func remove(_ conduit: FutureConduit<Output, Failure>) {
    state.withLock { state in
      state.waiting.removeAll { $0 === conduit }
    }
  }
}

/// One subscriber's wait for a ``Future``, whatever the subscriber's type.
private class FutureConduit<Output, Failure: Error>: @unchecked Sendable {
  /// Hands the subscription over; `result` is the future's result if it already had one.
  func attach(_ result: Result<Output, Failure>?) {}
  /// Receives the future's result.
  func resolve(_ result: Result<Output, Failure>) {}
}

private final class FutureSubscription<Downstream: Subscriber>: FutureConduit<
  Downstream.Input, Downstream.Failure
>, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
@unchecked Sendable
{
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var downstream: Downstream?
    var parent: Future<Output, Failure>?
    var attached = false
    var requested = false
    var result: Result<Output, Failure>?

    /// The downstream and what to deliver to it, once it has its subscription, the result is there,
    /// and (for a value) it has asked; the subscription is then over.
    mutating func deliverable() -> (Downstream, Result<Output, Failure>)? {
      guard attached, let result, let downstream else { return nil }
      if case .success = result, !requested { return nil }
      self.downstream = nil
      parent = nil
      return (downstream, result)
    }
  }

  private let state: LockedState<State>

  init(parent: Future<Output, Failure>, downstream: Downstream) {
    state = .make(State(downstream: downstream, parent: parent))
  }

  var description: String { "Future" }
  /// Combine's children: the future (twice, as `parent` and `subject`), the downstream, and whether
  /// it has asked; the first three are `nil` once the subscription is over.
  var customMirror: Mirror {
    let (parent, downstream, requested) = state.withLock { ($0.parent, $0.downstream, $0.requested) }
    let children: [Mirror.Child] = [
      ("parent", parent as Any), ("downstream", downstream as Any), ("hasAnyDemand", requested),
      ("subject", parent as Any),
    ]
    return Mirror(self, children: children)
  }
  var playgroundDescription: Any { description }

  override func attach(_ result: Result<Output, Failure>?) {
    deliver(
      state.withLock { state in
        state.attached = true
        if let result { state.result = result }
        return state.deliverable()
      })
  }

  override func resolve(_ result: Result<Output, Failure>) {
    deliver(
      state.withLock { state in
        state.result = result
        return state.deliverable()
      })
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand != .none, "a subscriber must request at least one value")
    deliver(
      state.withLock { state in
        state.requested = true
        return state.deliverable()
      })
  }

  func cancel() {
    let parent = state.withLock { state in
      defer {
        state.downstream = nil
        state.parent = nil
      }
      return state.parent
    }
    parent?.remove(self)
  }

  private func deliver(_ delivery: (Downstream, Result<Output, Failure>)?) {
    guard let (downstream, result) = delivery else { return }
    switch result {
    case .success(let value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case .failure(let failure):
      downstream.receive(completion: .failure(failure))
    }
  }
}
