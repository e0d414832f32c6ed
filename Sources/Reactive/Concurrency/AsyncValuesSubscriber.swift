/// The subscriber behind ``AsyncPublisher`` and ``AsyncThrowingPublisher``: it asks its upstream for
/// one value per call of ``next()``, as Combine's does, and hands each value to the oldest call
/// waiting.
///
/// Calls made before the subscription arrives are asked for together when it does. A value no call
/// asked for stops the process, as in Combine; one before the subscription goes nowhere and ends
/// every call waiting with `nil`, as Combine's does, their requests still made. The completion
/// ends every call waiting (a failure goes to the oldest, or to the next call if none waits), and
/// every later call returns `nil` at once. Cancelling the task of a waiting call cancels the
/// subscription and ends every call waiting with `nil`. No lock is held while a call is resumed or
/// the upstream is called.
final class AsyncValuesSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
  /// A value handed across tasks. Each value goes to exactly one waiting call, which alone uses it.
  struct Handed: @unchecked Sendable {
    let result: Result<Input?, Failure>
  }

  private typealias Waiter = CheckedContinuation<Handed, Never>

  private enum End {
    case failure(Failure)
    case finished
  }

  /// What a call of ``next()`` does once it has looked at the state.
  private enum NextAction {
    case resume(Result<Input?, Failure>)
    case request(any Subscription)
    case wait
  }

  private struct State {
    var subscription: (any Subscription)?
    var waiting: [Waiter] = []
    /// Values asked for before the subscription arrived.
    var owed = 0
    var end: End?
  }

  let combineIdentifier = CombineIdentifier()
  private let state = LockedState.make(State())

  func receive(subscription: any Subscription) {
    let owed: Int? = state.withLock { state in
      guard state.subscription == nil, state.end == nil else { return nil }
      state.subscription = subscription
      defer { state.owed = 0 }
      return state.owed
    }
    guard let owed else { return subscription.cancel() }
    if owed > 0 { subscription.request(.max(owed)) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let (waiting, subscribed): ([Waiter], Bool) = state.withLock { state in
      guard state.subscription != nil else {
        // As Combine's (OpenCombine's PublisherConcurrencyTests.testNonThrowingReceiveInputBeforeSubscription):
        // before the subscription the value goes nowhere and ends every call waiting, whose requests
        // the subscription still gets; after the end nothing waits.
        defer { state.waiting = [] }
        return (state.waiting, false)
      }
      // As Combine's (OpenCombine's PublisherConcurrencyTests.testNonThrowingCrashesWhenReceivingUnwantedInput):
      // a contract violation while subscribed.
      precondition(!state.waiting.isEmpty, "values received a value no call of next() asked for")
      return ([state.waiting.removeFirst()], true)
    }
    for waiter in waiting {
      waiter.resume(returning: Handed(result: .success(subscribed ? input : nil)))
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (waiting, failure): ([Waiter], Failure?) = state.withLock { state in
      guard state.end == nil else { return ([], nil) }
      state.subscription = nil
      defer { state.waiting = [] }
      guard case .failure(let failure) = completion else {
        state.end = .finished
        return (state.waiting, nil)
      }
      // A failure nobody waits for goes to the next call.
      state.end = state.waiting.isEmpty ? .failure(failure) : .finished
      return (state.waiting, failure)
    }
    for (index, waiter) in waiting.enumerated() {
      if index == 0, let failure {
        waiter.resume(returning: Handed(result: .failure(failure)))
      } else {
        waiter.resume(returning: Handed(result: .success(nil)))
      }
    }
  }

  /// Cancels the subscription and ends every call waiting with `nil`.
  func cancel() {
    let (subscription, waiting): ((any Subscription)?, [Waiter]) = state.withLock { state in
      if state.end == nil { state.end = .finished }
      defer {
        state.subscription = nil
        state.waiting = []
      }
      return (state.subscription, state.waiting)
    }
    for waiter in waiting {
      waiter.resume(returning: Handed(result: .success(nil)))
    }
    subscription?.cancel()
  }

  /// Asks for one value and waits for it: `nil` once the stream is over or the task is cancelled.
  func next() async -> Result<Input?, Failure> {
    let handed = await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: Waiter) in
        let action: NextAction = state.withLock { state in
          switch state.end {
          case .failure(let failure):
            state.end = .finished
            return .resume(.failure(failure))
          case .finished:
            return .resume(.success(nil))
          case nil:
            state.waiting.append(waiter)
            guard let subscription = state.subscription else {
              state.owed += 1
              return .wait
            }
            return .request(subscription)
          }
        }
        switch action {
        case .resume(let result): waiter.resume(returning: Handed(result: result))
        case .request(let subscription): subscription.request(.max(1))
        case .wait: break
        }
      }
    } onCancel: {
      cancel()
    }
    return handed.result
  }
}
