import Dispatch
import Reactive
import Testing

@Suite struct SubscribeOnTests {
  @Test func subscribesOnlyWhenTheSchedulerRuns() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.subscribe(on: scheduler).subscribe(recorder)
    #expect(upstream.subscriberCount == 0)
    #expect(recorder.events == [])
    scheduler.advance()
    #expect(upstream.subscriberCount == 1)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(2))])
  }

  @Test func requestsAreMadeOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    recorder.request(.max(3))
    #expect(upstream.subscription.calls == [])
    scheduler.advance()
    #expect(upstream.subscription.calls == [.request(.max(3))])
  }

  @Test func valuesAndTheCompletionPassStraightThrough() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func cancelStopsValuesAtOnceAndCancelsUpstreamOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.subscribe(on: scheduler).subscribe(recorder)
    scheduler.advance()
    recorder.cancel()
    upstream.send(1)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    scheduler.advance()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's SubscribeOnTests.testSynchronouslySendsEventsDownstream.
  @Test func aValueReturnsTheDownstreamsDemandAndNothingPassesAfterTheCompletion() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(100), extra: .max(12))
    upstream.subscribe(on: scheduler).subscribe(keeper)
    scheduler.advance()
    #expect(upstream.subscription.calls == [.request(.max(100))])
    #expect(upstream.send(1) == .max(12))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(-1) == .none)
    #expect(keeper.events == [.subscription, .value(1), .completion(.finished)])
    #expect(scheduler.scheduledCount == 0)
  }

  // OpenCombine's SubscribeOnTests.testAsynchronouslySendsEventsUpstream and
  // testCancelImmediatelyAfterRequest.
  @Test func everyRequestIsScheduledAndMadeInOrderEvenJustBeforeACancel() throws {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none)
    upstream.subscribe(on: scheduler).subscribe(keeper)
    scheduler.advance()
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(17))
    subscription.request(.unlimited)
    subscription.request(.none)
    subscription.cancel()
    #expect(upstream.subscription.calls == [])
    #expect(scheduler.scheduledCount == 4)
    scheduler.advance()
    #expect(
      upstream.subscription.calls == [.request(.max(17)), .request(.unlimited), .request(.none), .cancel])
  }

  // OpenCombine's SubscribeOnTests.testCancelAlreadyCancelled.
  @Test func afterACancelNothingIsScheduledOrPassed() throws {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none, extra: .max(42))
    upstream.subscribe(on: scheduler).subscribe(keeper)
    scheduler.advance()
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    #expect(upstream.send(1000) == .none)
    upstream.send(completion: .failure(.boom))
    scheduler.advance()
    subscription.request(.max(20000))
    subscription.cancel()
    #expect(scheduler.scheduledCount == 0)
    #expect(keeper.events == [.subscription])
    #expect(upstream.subscription.calls == [.cancel])
  }

  // OpenCombine's SubscribeOnTests.testStrongCaptureWhenSchedulingRequest and
  // testStrongCaptureWhenSchedulingCancel, at 0239e54 (the newest version stored; 1b8a26b is not): a
  // request or cancel the scheduler has not run yet keeps the operator, and its downstream, alive
  // after the downstream and the upstream let go; when they run, the request and the cancel are made.
  @Test(arguments: [false, true])
  func aScheduledRequestOrCancelKeepsTheOperatorAliveUntilItIsMade(_ requests: Bool) {
    let scheduler = DispatchQueue.test
    let subscription = RecordingSubscription()
    weak var weakRecorder: Recorder<Int, TestError>?
    do {
      let recorder = Recorder<Int, TestError>(request: .none)
      weakRecorder = recorder
      ForgetfulPublisher(subscription: subscription).subscribe(on: scheduler).subscribe(recorder)
      scheduler.advance()
      if requests { recorder.request(.max(1)) }
      recorder.cancel()
      #expect(subscription.calls == [])
    }
    #expect(weakRecorder != nil)
    scheduler.advance()
    #expect(subscription.calls == (requests ? [.request(.max(1)), .cancel] : [.cancel]))
    #expect(weakRecorder == nil)
  }

  @Test(.tags(.realClock)) func subscribesOnARealQueue() {
    let queue = DispatchQueue(label: "SubscribeOnTests.real")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 1)
    let onQueue = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    let deferred = Deferred { () -> Just<Int> in
      onQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == 1 }
      return Just(1)
    }
    let cancellable = deferred.subscribe(on: queue).sink { _ in done.signal() }
    #expect(wait(for: done))
    #expect(onQueue.value == true)
    cancellable.cancel()
  }

  // OpenCombine's SubscribeOnTests.testSubscribeOnReflection, at 0239e54: the subscriber the upstream
  // sees and the subscription the downstream gets are one, "SubscribeOn", with no mirror children.
  @Test func describesItselfAsCombineDoes() throws {
    let upstream = HandDrivenPublisher<Double, any Error>()
    let probe = SubscriptionProbe<Double, any Error>()
    upstream.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
    let inner = try #require(upstream.subscriber)
    upstream.giveSubscription()
    let subscription = try #require(probe.subscription)
    for described in [inner as Any, subscription] {
      #expect(String(describing: described) == "SubscribeOn")
      #expect(playgroundText(described) == "SubscribeOn")
      #expect(mirrorLabels(described) == [])
      #expect(!(described is any CustomDebugStringConvertible))
    }
  }

  // OpenCombine's SubscribeOnTests.testCancelRecursively, at 0239e54: a cancel made again from inside
  // the upstream's cancel does nothing more.
  @Test func aCancelMadeFromInsideTheUpstreamsCancelDoesNothingMore() throws {
    let upstream = ReenteringPublisher()
    let probe = SubscriptionProbe<Int, Never>()
    upstream.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
    let downstream = try #require(probe.subscription)
    upstream.subscription.onCancel = { downstream.cancel() }
    downstream.cancel()
    #expect(upstream.subscription.cancels == 1)
  }

  // OpenCombine's SubscribeOnTests.testSubscribeOnLifecycle (cancellingSubscriptionReleasesSubscriber:
  // false).
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in upstream.subscribe(on: ImmediateScheduler.shared)
      }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
  }

  // OpenCombine's SubscribeOnTests.testCrashWhenRequestingRecursively: a request that the upstream's
  // request makes again through subscribe(on:) traps.
  @Test func aRequestMadeFromInsideTheUpstreamsRequestStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ReenteringPublisher()
      let probe = SubscriptionProbe<Int, Never>()
      upstream.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
      guard let downstream = probe.subscription else { return }
      upstream.subscription.onRequest = { downstream.request(.unlimited) }
      downstream.request(.max(1))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("subscribe(on:) was asked for more from inside its upstream's request"))
  }

  @Test func requestsOneAfterTheOtherDoNotTrap() throws {
    let upstream = ReenteringPublisher()
    let probe = SubscriptionProbe<Int, Never>()
    upstream.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
    let downstream = try #require(probe.subscription)
    downstream.request(.max(1))
    downstream.request(.max(2))
    #expect(upstream.subscription.requests == [.max(1), .max(2)])
  }
}

/// A publisher whose one subscription runs `onRequest` each time it is asked for more, and `onCancel`
/// each time it is cancelled: for making a request from inside a request, or a cancel from inside a
/// cancel.
private final class ReenteringPublisher: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never

  final class ReenteringSubscription: Subscription, @unchecked Sendable {
    var onRequest: () -> Void = {}
    private(set) var requests: [Subscribers.Demand] = []

    func request(_ demand: Subscribers.Demand) {
      requests.append(demand)
      onRequest()
    }

    var onCancel: () -> Void = {}
    private(set) var cancels = 0

    func cancel() {
      cancels += 1
      onCancel()
    }
  }

  let subscription = ReenteringSubscription()

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: subscription)
  }
}

/// A publisher that hands each subscriber `subscription` and keeps nothing: whoever subscribed lives
/// only as long as something else holds it.
private struct ForgetfulPublisher: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  let subscription: RecordingSubscription

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    subscriber.receive(subscription: subscription)
  }
}
