import Reactive
import Testing

@Suite struct MulticastTests {
  @Test func deliversNothingUntilConnected() {
    let recorder = Recorder<Int, Never>()
    let multicast = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
    multicast.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    let connection = multicast.connect()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func makesItsSubjectOnce() {
    var made = 0
    let multicast = PassthroughSubject<Int, Never>().multicast { () -> PassthroughSubject<Int, Never> in
      made += 1
      return PassthroughSubject()
    }
    multicast.subscribe(Recorder<Int, Never>())
    multicast.subscribe(Recorder<Int, Never>())
    _ = multicast.connect()
    #expect(made == 1)
  }

  @Test func cancellingTheConnectionCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    multicast.subscribe(recorder)
    let connection = multicast.connect()
    upstream.send(1)
    connection.cancel()
    upstream.send(2)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  // Follows OpenCombine's MulticastTests.testInnerSubscriber and testMulticastReceiveSubscriptionTwice:
  // the demand the downstream answers a value with is requested of the subject's subscription, and
  // the value is answered with none; a second subscription is cancelled, and nothing after the
  // completion is passed on.
  @Test func theDemandAValueIsAnsweredWithIsRequestedOfTheSubjectsSubscription() throws {
    let subject = HoldingSubject()
    let multicast = PassthroughSubject<Int, TestError>().multicast(subject: subject)
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .max(2))
    multicast.subscribe(recorder)
    let inner = try #require(subject.subscriber)
    let second = HandDrivenSubscription()
    inner.receive(subscription: second)
    #expect(second.calls == [.cancel])
    #expect(subject.subscription.calls == [.request(.max(42))])
    #expect(inner.receive(1) == .none)
    #expect(inner.receive(2) == .none)
    #expect(subject.subscription.calls == [.request(.max(42)), .request(.max(2)), .request(.max(2))])
    inner.receive(completion: .failure(.boom))
    inner.receive(completion: .finished)
    #expect(inner.receive(3) == .none)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
  }

  // OpenCombine's MulticastTests.testInnerSubscriber, at 1b8a26b, its values answered with no demand:
  // nothing more is asked of the subject's subscription for them, and a subscription handed over after
  // the completion is cancelled.
  @Test func aValueAnsweredWithNoDemandAsksTheSubjectForNothing() throws {
    let subject = HoldingSubject()
    let multicast = PassthroughSubject<Int, TestError>().multicast(subject: subject)
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .none)
    multicast.subscribe(recorder)
    let inner = try #require(subject.subscriber)
    #expect(inner.receive(0) == .none)
    #expect(inner.receive(1) == .none)
    #expect(subject.subscription.calls == [.request(.max(42))])
    inner.receive(completion: .finished)
    let late = HandDrivenSubscription()
    inner.receive(subscription: late)
    #expect(late.calls == [.cancel])
    #expect(recorder.events == [.subscription, .value(0), .value(1), .completion(.finished)])
  }

  // Follows OpenCombine's MulticastTests.testInnerSubscription: the downstream's requests reach the
  // subject's subscription as they are, a cancel once, and nothing reaches the downstream after it.
  @Test func requestsReachTheSubjectAsTheyAreAndACancelOnce() throws {
    let subject = HoldingSubject()
    let multicast = PassthroughSubject<Int, TestError>().multicast(subject: subject)
    let recorder = Recorder<Int, TestError>(request: .none)
    multicast.subscribe(recorder)
    let inner = try #require(subject.subscriber)
    let subscription = try #require(inner as? any Subscription)
    for demand in [Subscribers.Demand.max(42), .max(43), .unlimited, .max(44)] {
      subscription.request(demand)
    }
    #expect(
      subject.subscription.calls == [
        .request(.max(42)), .request(.max(43)), .request(.unlimited), .request(.max(44)),
      ])
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(30))
    #expect(inner.receive(1000) == .none)
    inner.receive(completion: .finished)
    #expect(
      subject.subscription.calls == [
        .request(.max(42)), .request(.max(43)), .request(.unlimited), .request(.max(44)), .cancel,
      ])
    #expect(recorder.events == [.subscription])
  }

  // As OpenCombine's MulticastTests.testReflection: "Multicast", no children.
  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).multicast(subject: PassthroughSubject()))
    #expect(reflected.description == "Multicast")
    #expect(reflected.playground == "Multicast")
    #expect(reflected.children.isEmpty)
  }

  // OpenCombine's MulticastTests.testMulticast (and MakeConnectableTests.testMulticast), at 1b8a26b.
  @Test func aConnectionMadeAgainAfterACancelDeliversAgainToTheSameSubscribers() {
    let upstream = ManualPublisher<Int, Never>()
    let multicast = upstream.multicast(PassthroughSubject<Int, Never>.init)
    let recorder = Recorder<Int, Never>()
    multicast.subscribe(recorder)
    #expect(upstream.send(0) == .none)
    #expect(recorder.events == [.subscription])
    var connection = multicast.connect()
    #expect(upstream.send(-1) == .none)
    #expect(upstream.send(42) == .none)
    connection.cancel()
    #expect(upstream.send(14) == .none)
    connection = multicast.connect()
    #expect(upstream.send(15) == .none)
    upstream.send(completion: .finished)
    connection.cancel()
    #expect(recorder.events == [.subscription, .value(-1), .value(42), .value(15), .completion(.finished)])
  }

  // OpenCombine's MulticastTests.testMulticastConnectTwice (and MakeConnectableTests'), at 1b8a26b: each
  // connect subscribes the subject to the upstream again, so a value comes through each connection.
  @Test func connectingTwiceSubscribesTheSubjectTwice() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
    let recorder = Recorder<Int, Never>(request: .max(10))
    multicast.subscribe(recorder)
    upstream.send(-1)
    let first = multicast.connect()
    let second = multicast.connect()
    upstream.send(42)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(42), .value(42), .completion(.finished)])
    first.cancel()
    second.cancel()
  }

  // OpenCombine's MulticastTests.testMulticastDisconnect (and MakeConnectableTests'), at 1b8a26b: a
  // cancelled connection leaves the subject and its subscribers as they were.
  @Test func aSubscriberAddedAfterADisconnectJoinsThoseStillThere() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(PassthroughSubject<Int, Never>.init)
    let recorder = Recorder<Int, Never>()
    multicast.subscribe(recorder)
    upstream.send(-1)
    var connection = multicast.connect()
    upstream.send(42)
    connection.cancel()
    upstream.send(100)
    multicast.subscribe(recorder)
    connection = multicast.connect()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(42), .subscription, .value(2), .value(2), .completion(.finished),
        .completion(.finished),
      ])
    connection.cancel()
  }

  // OpenCombine's MulticastTests.testLateSubscriber, at 1b8a26b: subscribers go to the subject at once,
  // the upstream only on connect (asked for everything, the subject handed "Subject"), and each
  // subscriber gets what it asks for of what the subject sends after it came.
  @Test func subscribersGoToTheSubjectAndTheUpstreamIsSubscribedOnlyOnConnect() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = SubjectLog()
    let multicast = upstream.multicast(subject: subject)
    #expect(subject.log.isEmpty)
    let early = Recorder<Int, TestError>(request: .max(3))
    multicast.subscribe(early)
    #expect(upstream.subscriberCount == 0)
    #expect(early.events == [.subscription])
    #expect(subject.log == ["subscriber"])
    let connection = multicast.connect()
    #expect(connection is AnyCancellable)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(subject.log == ["subscriber", "subscription Subject"])
    for value in 1...4 { #expect(upstream.send(value) == .none) }
    let late = Recorder<Int, TestError>(request: .max(2))
    multicast.subscribe(late)
    for value in 5...7 { #expect(upstream.send(value) == .none) }
    upstream.send(completion: .finished)
    let latest = Recorder<Int, TestError>(request: .none)
    multicast.subscribe(latest)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(early.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(late.events == [.subscription, .value(5), .value(6), .completion(.finished)])
    #expect(latest.events == [.subscription, .completion(.finished)])
    #expect(
      subject.log == [
        "subscriber", "subscription Subject", "1", "2", "3", "4", "subscriber", "5", "6", "7", "finished",
        "subscriber",
      ])
    connection.cancel()
  }

  // OpenCombine's MulticastTests.testSubscribeAfterCompletion, at 1b8a26b: multicast keeps no completion
  // of its own; a subscriber after it gets what the subject gives, here only the subscription.
  @Test func aSubscriberAfterTheCompletionGetsOnlyWhatTheSubjectGives() {
    let upstream = ManualPublisher<Int, TestError>()
    let multicast = upstream.multicast(subject: HoldingSubject())
    _ = multicast.connect()
    upstream.send(completion: .finished)
    let late = Recorder<Int, TestError>()
    multicast.subscribe(late)
    #expect(late.events == [.subscription])
  }

  // OpenCombine's MulticastTests.testDeallocateConnectedMulticastBeforeCancelling, at 1b8a26b (its
  // issue 186): cancelling a connection whose subject nobody else holds any more does not deadlock, and
  // lets the subject go.
  @Test func cancellingAConnectionWhoseSubjectIsLetGoDoesNotDeadlock() {
    let upstream = ManualPublisher<Int, TestError>()
    let released = Locked(false)
    var subject: SubjectLog? = SubjectLog { released.withLock { $0 = true } }
    var connection: AnyCancellable? = upstream.multicast(subject: subject!).connect() as? AnyCancellable
    subject = nil
    connection?.cancel()
    connection = nil
    #expect(released.value)
    #expect(upstream.subscription.calls.last == .cancel)
  }

  // OpenCombine's MulticastTests.testMulticastReceiveValueBeforeSubscription and
  // testMulticastReceiveCompletionBeforeSubscription (and MakeConnectableTests'), at 1b8a26b: until it
  // is connected, the upstream has no subscriber to send anything to.
  @Test func beforeTheConnectNothingTheUpstreamSendsReachesTheSubscriber() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(42))
    upstream.multicast(PassthroughSubject<Int, TestError>.init).subscribe(recorder)
    #expect(upstream.send(0) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.multicast(subject: PassthroughSubject()).autoconnect()
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}

/// A subject that hands each subscriber the one subscription it records the calls of, and keeps the
/// last subscriber, so that a test can call it as it likes.
private final class HoldingSubject: Subject, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  let subscription = HandDrivenSubscription()
  private(set) var subscriber: (any Subscriber<Int, TestError>)?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    self.subscriber = subscriber
    subscriber.receive(subscription: subscription)
  }

  func send(_ value: Int) { _ = subscriber?.receive(value) }

  func send(completion: Subscribers.Completion<TestError>) { subscriber?.receive(completion: completion) }

  func send(subscription: any Subscription) { subscriber?.receive(subscription: subscription) }
}

/// A pass-through subject that logs, in order, each subscriber it gets ("subscriber"), each subscription
/// it is handed ("subscription" and its description), each value and completion, and that runs
/// `onDeinit` when it is let go.
private final class SubjectLog: Subject, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  private let subject = PassthroughSubject<Int, TestError>()
  private let entries = Locked<[String]>([])
  private let onDeinit: @Sendable () -> Void

  init(onDeinit: @escaping @Sendable () -> Void = {}) {
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }

  var log: [String] { entries.value }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    entries.append("subscriber")
    subject.receive(subscriber: subscriber)
  }

  func send(_ value: Int) {
    entries.append("\(value)")
    subject.send(value)
  }

  func send(completion: Subscribers.Completion<TestError>) {
    entries.append(completion == .finished ? "finished" : "failure")
    subject.send(completion: completion)
  }

  func send(subscription: any Subscription) {
    entries.append("subscription \(subscription)")
    subject.send(subscription: subscription)
  }
}
