import Foundation
import Reactive

/// One thing a subscriber saw; a whole history is an array of these, compared in one `#expect`.
enum Event<Value: Equatable, Failure: Error & Equatable>: Equatable {
  case subscription
  case value(Value)
  case completion(Subscribers.Completion<Failure>)
}

/// An error for publishers that fail.
enum TestError: Error, Equatable {
  case boom
  case other
}

/// A value guarded by a lock, for state shared with closures that may run on other threads.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }
}

extension Locked where Value: RangeReplaceableCollection {
  /// Appends `element` under the lock.
  func append(_ element: Value.Element) {
    withLock { $0.append(element) }
  }
}

/// A subscriber that records its whole history and asks for a configurable demand: `request` when it
/// gets its subscription (nothing when `.none`), and `extra` more after each value.
///
/// `onValue` runs after a value is recorded, before the extra demand is returned: the place for a
/// test to cancel, send or subscribe from inside delivery.
final class Recorder<Input: Equatable, Failure: Error & Equatable>: Subscriber, Cancellable,
  @unchecked Sendable
{
  private let initialDemand: Subscribers.Demand
  private let extraDemand: Subscribers.Demand
  private let onValue: ((Input) -> Void)?
  private let state = Locked<(events: [Event<Input, Failure>], subscription: (any Subscription)?)>(
    ([], nil))

  init(
    request: Subscribers.Demand = .unlimited, extra: Subscribers.Demand = .none,
    onValue: ((Input) -> Void)? = nil
  ) {
    initialDemand = request
    extraDemand = extra
    self.onValue = onValue
  }

  /// Everything received so far, in order.
  var events: [Event<Input, Failure>] { state.value.events }

  /// The values received so far, in order.
  var values: [Input] {
    events.compactMap {
      if case .value(let value) = $0 { return value }
      return nil
    }
  }

  func receive(subscription: any Subscription) {
    state.withLock {
      $0.events.append(.subscription)
      $0.subscription = subscription
    }
    if initialDemand != .none {
      subscription.request(initialDemand)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.events.append(.value(input)) }
    onValue?(input)
    return extraDemand
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock {
      $0.events.append(.completion(completion))
      $0.subscription = nil
    }
  }

  /// Requests `demand` more values through the subscription received.
  func request(_ demand: Subscribers.Demand) {
    state.value.subscription?.request(demand)
  }

  /// Cancels the subscription received; nothing more should arrive.
  func cancel() {
    let subscription = state.withLock { state -> (any Subscription)? in
      defer { state.subscription = nil }
      return state.subscription
    }
    subscription?.cancel()
  }
}

/// A subscription that records what its subscriber asks of it.
final class RecordingSubscription: Subscription, @unchecked Sendable {
  enum Call: Equatable {
    case request(Subscribers.Demand)
    case cancel
  }

  private let log = Locked<[Call]>([])
  let combineIdentifier = CombineIdentifier()

  /// The requests and cancels received, in order.
  var calls: [Call] { log.value }

  func request(_ demand: Subscribers.Demand) {
    log.append(.request(demand))
  }

  func cancel() {
    log.append(.cancel)
  }
}

/// The scheduler time `seconds` after the start of `DispatchQueue.test`.
func testTime(_ seconds: Double) -> DispatchQueue.SchedulerTimeType {
  DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1 + UInt64(seconds * 1e9)))
}

/// Waits up to `seconds` for `semaphore`; true if it was signalled in time.
func wait(for semaphore: DispatchSemaphore, seconds: Int = 5) -> Bool {
  semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
}
