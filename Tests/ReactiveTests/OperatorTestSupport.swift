import Dispatch
import Reactive

/// A publisher driven by hand, as a careless upstream would be: it keeps every subscriber for good and
/// lets a test send it anything at any time, even after a completion or a cancel. Each subscriber gets
/// the same ``RecordingSubscription``, so a test sees what the operator asked of its upstream.
///
/// Because it never lets its subscribers go, an operator that holds on to its downstream after the
/// stream ended keeps it alive: the release tests rely on that.
final class ManualPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  private let subscribers = Locked<[AnySubscriber<Output, Failure>]>([])
  /// What the operators subscribed to this publisher asked of it.
  let subscription = RecordingSubscription()

  /// How many subscribers it has had.
  var subscriberCount: Int { subscribers.value.count }

  /// How its subscribers describe themselves, in the order they came.
  var subscriberDescriptions: [String] { subscribers.value.map { String(describing: $0) } }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribers.append(AnySubscriber(subscriber))
    subscriber.receive(subscription: subscription)
  }

  /// Sends `value` to every subscriber; returns the demand they added.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    subscribers.value.reduce(.none) { $0 + $1.receive(value) }
  }

  /// Sends `completion` to every subscriber.
  func send(completion: Subscribers.Completion<Failure>) {
    for subscriber in subscribers.value {
      subscriber.receive(completion: completion)
    }
  }

  /// Hands every subscriber another subscription, which a well-behaved operator cancels.
  func send(subscription: any Subscription) {
    for subscriber in subscribers.value {
      subscriber.receive(subscription: subscription)
    }
  }
}

/// One event and the virtual time, in milliseconds since the start of `DispatchQueue.test`, at which a
/// subscriber saw it.
struct Timed<Value: Equatable, Failure: Error & Equatable>: Equatable, CustomStringConvertible {
  let milliseconds: Int
  let event: Event<Value, Failure>

  var description: String { "\(event) at \(milliseconds) ms" }
}

/// `event` at `milliseconds`, for whole histories with times.
func at<Value, Failure>(_ milliseconds: Int, _ event: Event<Value, Failure>) -> Timed<Value, Failure> {
  Timed(milliseconds: milliseconds, event: event)
}

/// A subscriber that records its whole history with the virtual time of each event, and asks for
/// `request` when it gets its subscription and `extra` more after each value.
final class TimedRecorder<Input: Equatable, Failure: Error & Equatable>: Subscriber, @unchecked Sendable {
  private let scheduler: TestSchedulerOf<DispatchQueue>
  private let initialDemand: Subscribers.Demand
  private let extraDemand: Subscribers.Demand
  private let state = Locked<(events: [Timed<Input, Failure>], subscription: (any Subscription)?)>(([], nil))

  init(
    _ scheduler: TestSchedulerOf<DispatchQueue>, request: Subscribers.Demand = .unlimited,
    extra: Subscribers.Demand = .none
  ) {
    self.scheduler = scheduler
    initialDemand = request
    extraDemand = extra
  }

  /// Everything received so far, with its time.
  var events: [Timed<Input, Failure>] { state.value.events }

  private var milliseconds: Int {
    Int((scheduler.now.dispatchTime.uptimeNanoseconds - 1) / 1_000_000)
  }

  func receive(subscription: any Subscription) {
    let time = milliseconds
    state.withLock {
      $0.events.append(at(time, .subscription))
      $0.subscription = subscription
    }
    if initialDemand != .none { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let time = milliseconds
    state.withLock { $0.events.append(at(time, .value(input))) }
    return extraDemand
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let time = milliseconds
    state.withLock {
      $0.events.append(at(time, .completion(completion)))
      $0.subscription = nil
    }
  }

  /// Requests `demand` more through the subscription received.
  func request(_ demand: Subscribers.Demand) {
    state.value.subscription?.request(demand)
  }

  /// Cancels the subscription received.
  func cancel() {
    state.withLock { state -> (any Subscription)? in
      defer { state.subscription = nil }
      return state.subscription
    }?.cancel()
  }
}

/// A subscriber that keeps the subscription it is given and requests nothing: for looking at how a
/// subscription describes itself.
final class SubscriptionProbe<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  private let received = Locked<(any Subscription)?>(nil)

  /// The subscription received, if any.
  var subscription: (any Subscription)? { received.value }

  func receive(subscription: any Subscription) {
    received.withLock { $0 = subscription }
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {}
}

/// How Combine describes the subscription `publisher` hands its subscriber: `description`, the playground
/// description, and the labels of the mirror's children.
func reflection<P: Publisher>(of publisher: P) -> (
  description: String, playground: String, children: [String?]
) {
  let probe = SubscriptionProbe<P.Output, P.Failure>()
  publisher.subscribe(probe)
  guard let subscription = probe.subscription else { return ("none", "none", []) }
  let playground = (subscription as? any CustomPlaygroundDisplayConvertible).map {
    String(describing: $0.playgroundDescription)
  }
  return (
    String(describing: subscription), playground ?? "none",
    Mirror(reflecting: subscription).children.map(\.label)
  )
}

/// Something an operator's closure captures, to see whether the operator lets the closure go.
final class CapturedToken: Sendable {}

/// How a release test ends the stream.
enum StreamEnding {
  case cancel
  case finish
  case fail
}

/// Subscribes a recorder to the subject `make` builds, ends the subscription as `ending` says (the
/// recorder cancels, or the subject finishes or fails), and says whether the recorder was let go
/// while the subject was still held, and whether the subject was freed with its last reference.
func subjectReleaseCheck<S: Subject>(_ ending: StreamEnding, _ make: () -> S) -> (
  subscriber: Bool, subject: Bool
) where S.Output == Int, S.Failure == TestError {
  weak var weakSubscriber: Recorder<Int, TestError>?
  weak var weakSubject: S?
  var subscriberReleased = false
  do {
    let subject = make()
    weakSubject = subject
    do {
      let recorder = Recorder<Int, TestError>(request: .none)
      weakSubscriber = recorder
      subject.subscribe(recorder)
      switch ending {
      case .cancel: recorder.cancel()
      case .finish: subject.send(completion: .finished)
      case .fail: subject.send(completion: .failure(.boom))
      }
    }
    subscriberReleased = weakSubscriber == nil
  }
  return (subscriberReleased, weakSubject == nil)
}

/// Subscribes a recorder through the operator `make` builds on a ``PassthroughSubject``, sends `value`,
/// ends the stream as `ending` says (or, for `nil`, keeps it going) and says whether the recorder and
/// the token the operator's closures captured were let go while the subject was still held.
func subjectFedReleaseCheck<Input, P: Publisher>(
  _ ending: StreamEnding?, sending value: Input,
  _ make: (PassthroughSubject<Input, TestError>, CapturedToken) -> P
) -> (downstream: Bool, captured: Bool) where P.Output: Equatable, P.Failure == TestError {
  let subject = PassthroughSubject<Input, TestError>()
  weak var weakRecorder: Recorder<P.Output, TestError>?
  weak var weakToken: CapturedToken?
  do {
    let token = CapturedToken()
    let recorder = Recorder<P.Output, TestError>()
    weakRecorder = recorder
    weakToken = token
    make(subject, token).subscribe(recorder)
    subject.send(value)
    switch ending {
    case .cancel: recorder.cancel()
    case .finish: subject.send(completion: .finished)
    case .fail: subject.send(completion: .failure(.boom))
    case nil: break
    }
  }
  let released = (weakRecorder == nil, weakToken == nil)
  withExtendedLifetime(subject) {}
  return released
}

/// Subscribes a recorder through the operator `make` builds on a ``ManualPublisher`` (which keeps its
/// subscribers), sends `1`, ends the stream as `ending` says, advances `scheduler` (if any) by five
/// seconds to let it deliver,
/// and says whether the recorder and the token the operator's closures captured were let go.
func releaseCheck<P: Publisher>(
  _ ending: StreamEnding, advancing scheduler: TestSchedulerOf<DispatchQueue>? = nil,
  _ make: (ManualPublisher<Int, TestError>, CapturedToken) -> P
) -> (downstream: Bool, captured: Bool) where P.Output: Equatable, P.Failure == TestError {
  let upstream = ManualPublisher<Int, TestError>()
  weak var weakRecorder: Recorder<P.Output, TestError>?
  weak var weakToken: CapturedToken?
  do {
    let token = CapturedToken()
    let recorder = Recorder<P.Output, TestError>()
    weakToken = token
    weakRecorder = recorder
    make(upstream, token).subscribe(recorder)
    upstream.send(1)
    switch ending {
    case .cancel: recorder.cancel()
    case .finish: upstream.send(completion: .finished)
    case .fail: upstream.send(completion: .failure(.boom))
    }
    scheduler?.advance(by: .seconds(5))
  }
  let released = (weakRecorder == nil, weakToken == nil)
  withExtendedLifetime(upstream) {}
  return released
}

/// Subscribes a recorder through the operator `make` builds on a ``ManualPublisher``, sends `1` and
/// ends the stream as `ending` says, as ``releaseCheck(_:advancing:_:)`` does, then says whether the
/// operator still held the recorder, and its closures' token, while the upstream held the operator (as
/// Combine's lifecycle tests with `cancellingSubscriptionReleasesSubscriber: false` see), and whether
/// both were let go once the upstream let go of the operator.
func keptUntilReleased<P: Publisher>(
  _ ending: StreamEnding, _ make: (ManualPublisher<Int, TestError>, CapturedToken) -> P
) -> (whileHeld: Bool, capturedWhileHeld: Bool, afterRelease: Bool)
where P.Output: Equatable, P.Failure == TestError {
  weak var weakRecorder: Recorder<P.Output, TestError>?
  weak var weakToken: CapturedToken?
  var whileHeld = false
  var capturedWhileHeld = false
  do {
    let upstream = ManualPublisher<Int, TestError>()
    do {
      let token = CapturedToken()
      let recorder = Recorder<P.Output, TestError>()
      weakToken = token
      weakRecorder = recorder
      make(upstream, token).subscribe(recorder)
      upstream.send(1)
      switch ending {
      case .cancel: recorder.cancel()
      case .finish: upstream.send(completion: .finished)
      case .fail: upstream.send(completion: .failure(.boom))
      }
    }
    whileHeld = weakRecorder != nil
    capturedWhileHeld = weakToken != nil
    withExtendedLifetime(upstream) {}
  }
  return (whileHeld, capturedWhileHeld, weakRecorder == nil && weakToken == nil)
}

extension Publisher where Failure == any Error {
  /// The failure as the ``TestError`` the tests throw, for recording.
  func asTestError() -> Publishers.MapError<Self, TestError> {
    mapError { ($0 as? TestError) ?? .other }
  }
}

/// A subscriber that records its whole history, asks for `request` when subscribed (nothing when
/// `.none`) and answers each value with `extra`, and keeps the subscription it was given even after
/// cancelling it, so that a test can go on calling into it.
final class DemandKeeper<Input: Equatable, Failure: Error & Equatable>: Subscriber, @unchecked Sendable {
  private let initial: Subscribers.Demand
  private let extra: Subscribers.Demand
  private let state = Locked<(events: [Event<Input, Failure>], subscription: (any Subscription)?)>(([], nil))

  init(request: Subscribers.Demand = .unlimited, extra: Subscribers.Demand = .none) {
    initial = request
    self.extra = extra
  }

  /// Everything received so far, in order.
  var events: [Event<Input, Failure>] { state.value.events }

  /// The subscription received.
  var subscription: (any Subscription)? { state.value.subscription }

  func receive(subscription: any Subscription) {
    state.withLock {
      $0.events.append(.subscription)
      $0.subscription = subscription
    }
    if initial != .none { subscription.request(initial) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.events.append(.value(input)) }
    return extra
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.events.append(.completion(completion)) }
  }
}
