import Dispatch
import Reactive
import Testing

@Suite struct FlatMapTests {
  @Test func interleavesThePublishersMadeAndFinishesOnceAllHave() {
    let upstream = PassthroughSubject<String, TestError>()
    let inners = ["a": PassthroughSubject<Int, TestError>(), "b": PassthroughSubject<Int, TestError>()]
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { inners[$0]! }.subscribe(recorder)
    upstream.send("a")
    inners["a"]!.send(1)
    upstream.send("b")
    inners["b"]!.send(2)
    inners["a"]!.send(3)
    upstream.send(completion: .finished)
    inners["a"]!.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    inners["b"]!.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func maxPublishersLimitsHowManyAreSubscribedAtOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let inners = (0..<3).map { _ in PassthroughSubject<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(2))])
    upstream.send(0)
    upstream.send(1)
    inners[0].send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(1))])
    upstream.send(2)
    inners[2].send(20)
    #expect(recorder.events == [.subscription, .value(20)])
  }

  @Test func upstreamsFailureCancelsThePublishers() {
    let upstream = ManualPublisher<Int, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(0)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func withBoundedDemandEachPublisherIsAskedForOneValueAtATime() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(0)
    #expect(inner.subscription.calls == [.request(.max(1))])
    #expect(inner.send(1) == .max(1))
    #expect(inner.send(2) == .none)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func worksAcrossFailureTypes() {
    let neverFailing = Recorder<Int, Never>()
    Just(1).flatMap { Just($0 + 1) }.subscribe(neverFailing)
    #expect(neverFailing.events == [.subscription, .value(2), .completion(.finished)])
    let innerFails = Recorder<Int, TestError>()
    Just(1).flatMap { _ in Fail<Int, TestError>(error: .boom) }.subscribe(innerFails)
    #expect(innerFails.events == [.subscription, .completion(.failure(.boom))])
    let outerMayFail = Recorder<Int, TestError>()
    [1, 2].publisher.setFailureType(to: TestError.self).flatMap { Just($0 * 10) }.subscribe(outerMayFail)
    #expect(outerMayFail.events == [.subscription, .value(10), .value(20), .completion(.finished)])
  }

  @Test func deliversEveryValueOfConcurrentPublishersOneAtATimeThenFinishesOnce() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let received = Locked((count: 0, inside: 0, overlaps: 0, completions: 0))
    let cancellable = upstream.flatMap { $0 }.sink(
      receiveCompletion: { _ in received.withLock { $0.completions += 1 } },
      receiveValue: { _ in
        received.withLock {
          $0.inside += 1
          if $0.inside > 1 { $0.overlaps += 1 }
        }
        received.withLock {
          $0.count += 1
          $0.inside -= 1
        }
      })
    for inner in inners { upstream.send(inner) }
    upstream.send(completion: .finished)
    let perInner = 2_000
    let group = DispatchGroup()
    for inner in inners {
      DispatchQueue.global().async(group: group) {
        for value in 0..<perInner { inner.send(value) }
        inner.send(completion: .finished)
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(received.value.count == inners.count * perInner)
    #expect(received.value.overlaps == 0)
    #expect(received.value.completions == 1)
    cancellable.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().flatMap { Just($0) }).description == "FlatMap")
  }

  @Test func letsTheDownstreamAndTheTransformGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.flatMap { value in
          withExtendedLifetime(token) { Just(value).setFailureType(to: TestError.self) }
        }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }

  // OpenCombine's FlatMapTests.testFlatMapSequencesWithSink and testFlatMapOneByOne, at 1b8a26b.
  @Test func publishersThatFinishAtOnceAreEachDeliveredWholeInTurn() {
    let expected = [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7]
    let unlimited = Recorder<Int, Never>()
    (1..<5).publisher.flatMap { ($0..<$0 + 4).publisher }.subscribe(unlimited)
    #expect(unlimited.events == [.subscription] + expected.map { .value($0) } + [.completion(.finished)])
    let oneByOne = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    (1..<5).publisher.flatMap(maxPublishers: .max(2)) { ($0..<$0 + 4).publisher }.subscribe(oneByOne)
    #expect(oneByOne.events == [.subscription] + expected.map { .value($0) } + [.completion(.finished)])
  }

  // OpenCombine's FlatMapTests.testSendsSubscriptionDownstreamBeforeSubscribingToUpstream and
  // testSendsSubscriptionDownstreamBeforeDemandUpstream, at 1b8a26b.
  @Test func theDownstreamHasItsSubscriptionBeforeUpstreamIsSubscribedOrAsked() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.flatMap { Just($0) }.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscriber != nil)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's FlatMapTests.testChildSubscribeDeadlock, testUpstreamDemandWithMaxPublishers and
  // testUpstreamDemandWithNoMaxPublishers, at 1b8a26b.
  @Test func aPublisherThatSendsAsItIsSubscribedIsDeliveredAndUpstreamAskedForOneMore() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>()
    upstream.flatMap(maxPublishers: .max(2)) { Just($0) }.subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(2))])
    #expect(upstream.send(666) == .none)
    #expect(recorder.events == [.subscription, .value(666)])
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(1))])
  }

  // OpenCombine's FlatMapTests.testCancelCancels, at 1b8a26b.
  @Test func aCancelCancelsThePublishersThenUpstream() {
    let upstream = ManualPublisher<Int, Never>()
    let inner = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(42))
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(inner.subscription.calls == [.request(.max(1)), .cancel])
  }

  // OpenCombine's FlatMapTests.testCancelTwice, at 1b8a26b.
  @Test func afterACancelARequestOrAnotherCancelDoesNothing() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    upstream.flatMap { $0 }.subscribe(keeper)
    for _ in 0..<3 { #expect(upstream.send(inner) == .none) }
    #expect(inner.subscription.calls == [.request(.unlimited), .request(.unlimited), .request(.unlimited)])
    keeper.subscription?.cancel()
    keeper.subscription?.request(.unlimited)
    keeper.subscription?.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(
      inner.subscription.calls == [
        .request(.unlimited), .request(.unlimited), .request(.unlimited), .cancel, .cancel, .cancel,
      ])
  }

  // OpenCombine's FlatMapTests.testCrashesWhenRequestedZeroDemand, at 1b8a26b.
  @Test func aRequestForNoValuesStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let recorder = Recorder<Int, Never>(request: .none)
      PassthroughSubject<Int, Never>().flatMap { Just($0) }.subscribe(recorder)
      recorder.request(.none)
    }
  }

  // OpenCombine's FlatMapTests.testChildDemandWhenUnlimited and testDemandFromLimitedToUnlimited, at
  // 1b8a26b.
  @Test func anUnlimitedRequestIsPassedOnToEachPublisher() {
    let upstream = PassthroughSubject<Void, Never>()
    let inner = ManualPublisher<Int, Never>()
    let unlimited = Recorder<Int, Never>()
    upstream.flatMap { inner }.subscribe(unlimited)
    upstream.send()
    #expect(inner.subscription.calls == [.request(.unlimited)])
    #expect(inner.send(666) == .none)
    let limitedFirst = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(3))
    upstream.flatMap { limitedFirst }.subscribe(recorder)
    upstream.send()
    #expect(limitedFirst.subscription.calls == [.request(.max(1))])
    recorder.request(.unlimited)
    #expect(limitedFirst.subscription.calls == [.request(.max(1)), .request(.unlimited)])
  }

  // OpenCombine's FlatMapTests.testChildDemandWhenLimited, at 1b8a26b.
  @Test func eachPublisherKeepsEveryValueBeyondDemandAndIsAskedForOneMorePerValueDelivered() {
    let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
    let first = ManualPublisher<Int, Never>()
    let second = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    upstream.flatMap { $0 }.subscribe(recorder)
    upstream.send(first)
    upstream.send(second)
    #expect(first.subscription.calls == [.request(.max(1))])
    #expect(second.subscription.calls == [.request(.max(1))])
    #expect(first.send(666) == .max(1))
    #expect(first.send(777) == .max(1))
    #expect(first.send(888) == .none)
    #expect(first.send(999) == .none)
    #expect(recorder.events == [.subscription, .value(666), .value(777)])
    recorder.request(.max(10))
    #expect(recorder.events == [.subscription, .value(666), .value(777), .value(888), .value(999)])
    #expect(first.subscription.calls == [.request(.max(1)), .request(.max(1)), .request(.max(1))])
    #expect(second.subscription.calls == [.request(.max(1))])
  }

  // OpenCombine's FlatMapTests.testChildValueReceivedWhileSendingValue, at 1b8a26b.
  @Test func aValueAPublisherSendsFromInsideDeliveryFollowsIt() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2)) { value in
      if value == 666 { second.send(777) }
    }
    upstream.flatMap { $0 }.subscribe(recorder)
    upstream.send(first)
    upstream.send(second)
    #expect(first.send(666) == .max(1))
    #expect(recorder.events == [.subscription, .value(666), .value(777)])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(first.subscription.calls == [.request(.max(1))])
    #expect(second.subscription.calls == [.request(.max(1))])
  }

  // OpenCombine's FlatMapTests.testCompletesProperlyWhenUpstreamOutlivesChildren and
  // testDownstreamFinishesWhenUpstreamAndChildFinishes, at 1b8a26b.
  @Test func finishesOnceUpstreamAndEveryPublisherHaveInEitherOrderAskingNothingMore() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
    let recorder = Recorder<Int, Never>()
    upstream.flatMap { $0 }.subscribe(recorder)
    for inner in inners { upstream.send(inner) }
    inners[0].send(666)
    inners[0].send(completion: .finished)
    inners[1].send(777)
    inners[1].send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(666), .value(777)])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(666), .value(777), .completion(.finished)])

    let manual = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let limited = Recorder<Int, TestError>(request: .none)
    manual.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(limited)
    manual.send(inner)
    manual.send(completion: .finished)
    #expect(limited.events == [.subscription])
    inner.send(completion: .finished)
    inner.send(completion: .finished)
    #expect(limited.events == [.subscription, .completion(.finished)])
    #expect(manual.subscription.calls == [.request(.max(1))])
    #expect(inner.subscription.calls == [.request(.max(1))])
  }

  // OpenCombine's FlatMapTests.testUpstreamFinishesWhenThereArePendingChildSubscriptions, at 1b8a26b.
  @Test func upstreamsFinishWaitsForAPublisherStillToHandOverItsSubscription() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let inner = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .finished)
    let subscription = inner.giveSubscription()
    #expect(upstream.subscription.calls == [.request(.max(1))])
    #expect(subscription.calls == [.request(.max(1))])
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's FlatMapTests.testDoesNotCompleteWithBufferedValues, at 1b8a26b.
  @Test func theFinishWaitsForTheValuesWaitingForDemand() {
    let upstream = PassthroughSubject<Void, Never>()
    let inner = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1))
    upstream.flatMap { inner }.subscribe(recorder)
    upstream.send()
    #expect(inner.send(666) == .max(1))
    #expect(inner.send(777) == .none)
    upstream.send(completion: .finished)
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(666)])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(666), .value(777), .completion(.finished)])
  }

  // OpenCombine's FlatMapTests.testFailsIfUpstreamFails, testFailsWithoutSendingBufferedValues and
  // testAllSubscriptionsReleasedOnUpstreamFailure, at 1b8a26b.
  @Test func upstreamsFailureCancelsThePublishersFirstAndDropsWaitingValues() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let callsAtFailure = Locked<[RecordingSubscription.Call]>([])
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.flatMap(maxPublishers: .max(3)) { $0 }.handleEvents(receiveCompletion: { _ in
      callsAtFailure.withLock { $0 = inner.subscription.calls }
    }).subscribe(recorder)
    upstream.send(inner)
    inner.send(1)
    inner.send(2)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect(callsAtFailure.value == [.request(.max(1)), .cancel])
    #expect(inner.subscription.calls == [.request(.max(1)), .cancel])
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.max(3))])
  }

  // OpenCombine's FlatMapTests.testFailsIfUpstreamFails (its last publisher), at 1b8a26b.
  @Test func aValueAfterUpstreamsFailureMakesNoPublisher() {
    let upstream = HandDrivenPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let late = HandDrivenPublisher<Int, TestError>()
    upstream.flatMap { $0 }.subscribe(Recorder<Int, TestError>())
    upstream.giveSubscription()
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(late) == .none)
    #expect(late.subscriber == nil)
  }

  // OpenCombine's FlatMapTests.testFailsIfChildFails and testAllSubscriptionsReleasedOnChildFailure,
  // at 1b8a26b.
  @Test func aPublishersFailureCancelsTheOtherPublishersButNotUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let inners = (0..<3).map { _ in ManualPublisher<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { inners[$0] }.subscribe(recorder)
    for index in 0..<3 { upstream.send(index) }
    inners[1].send(completion: .failure(.boom))
    inners[2].send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(inners[0].subscription.calls == [.request(.unlimited), .cancel])
    #expect(inners[1].subscription.calls == [.request(.unlimited)])
    #expect(inners[2].subscription.calls == [.request(.unlimited), .cancel])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation, at 1b8a26b.
  @Test func upstreamFailingAgainWhileItsFailureCancelsThePublishersStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.flatMap { _ in inner }.subscribe(Recorder<Int, TestError>())
      upstream.giveSubscription()
      upstream.send(0)
      inner.subscriber?.receive(subscription: OnCancel { upstream.send(completion: .failure(.other)) })
      upstream.send(completion: .failure(.boom))
    }
  }

  // OpenCombine's FlatMapTests.testRecursiveRequest, at 1b8a26b.
  @Test func aRequestFromInsideDeliveryAddsToTheDemandAndWaitingValuesGoOutLater() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let holder = Locked<Recorder<Int, TestError>?>(nil)
    let recorder = Recorder<Int, TestError>(request: .max(1)) { value in
      if value == 0 { holder.value?.request(.max(3)) }
    }
    holder.withLock { $0 = recorder }
    upstream.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(recorder)
    upstream.send(inner)
    #expect(inner.subscription.calls == [.request(.max(1))])
    #expect((0..<7).map { inner.send($0) } == [.max(1), .max(1), .max(1), .max(1), .none, .none, .none])
    #expect(recorder.values == [0, 1, 2, 3])
    #expect(inner.subscription.calls == [.request(.max(1))])
    recorder.request(.max(10))
    #expect(recorder.values == [0, 1, 2, 3, 4, 5, 6])
    #expect(inner.subscription.calls == Array(repeating: .request(.max(1)), count: 4))
    #expect(upstream.subscription.calls == [.request(.max(1))])
    holder.withLock { $0 = nil }
  }

  // OpenCombine's FlatMapTests.testSendsValuesUntilBufferIsEmpty, at 1b8a26b.
  @Test func aRequestDeliversWaitingValuesWhileTheDownstreamAsksForMore() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let keeper = DemandByValue()
    upstream.flatMap { $0 }.subscribe(keeper)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    upstream.send(inner)
    #expect(inner.subscription.calls == [.request(.max(1))])
    #expect(inner.send(2) == .none)
    #expect(keeper.values.value.isEmpty)
    keeper.subscription.value?.request(.max(1))
    #expect(keeper.values.value == [2])
    let answers = [1, -1, -2, -3, -4, 2, -5, -6, -7].map { inner.send($0) }
    #expect(answers == [.max(1), .max(1), .max(1), .none, .none, .none, .none, .none, .none])
    #expect(keeper.values.value == [2, 1, -1, -2])
    keeper.subscription.value?.request(.max(3))
    #expect(keeper.values.value == [2, 1, -1, -2, -3, -4, 2, -5, -6])
    #expect(inner.subscription.calls == Array(repeating: .request(.max(1)), count: 7))
  }

  // OpenCombine's FlatMapTests.testOverloadWhenUpstreamNeverFailsButChildrenCanFail and
  // testOverloadWhenUpstreamCanFailButChildrenNeverFail, at 1b8a26b.
  @Test func theOverloadsWrapUpstreamOrEachPublisherToMatchTheFailure() {
    let neverFails = PassthroughSubject<Int, Never>()
    let failing = Fail<Int, TestError>(error: .boom)
    let wrapsUpstream = neverFails.flatMap { _ in failing }
    #expect(wrapsUpstream.upstream.upstream === neverFails)
    #expect(wrapsUpstream.transform(0).error == .boom)
    let mayFail = PassthroughSubject<Int, TestError>()
    let child = Just(7)
    let wrapsChild = mayFail.flatMap { _ in child }
    #expect(wrapsChild.upstream === mayFail)
    #expect(wrapsChild.transform(0).upstream == child)
  }

  // OpenCombine's FlatMapTests.testFlatMapReflection, at 1b8a26b.
  @Test func upstreamsAndEachPublishersSubscriberDescribeThemselvesAsCombines() {
    let described = reflection(of: PassthroughSubject<String, Never>().flatMap { Just($0) })
    #expect(described.description == "FlatMap")
    #expect(described.playground == "FlatMap")
    #expect(described.children.isEmpty)
    let upstream = HandDrivenPublisher<Int, Never>()
    let inner = HandDrivenPublisher<Int, Never>()
    upstream.flatMap { _ in inner }.subscribe(Recorder<Int, Never>())
    upstream.giveSubscription()
    upstream.send(0)
    guard let innerSubscriber = inner.subscriber, let outerSubscriber = upstream.subscriber else {
      Issue.record("no subscriber")
      return
    }
    #expect(String(describing: innerSubscriber) == "FlatMap")
    #expect(playgroundText(innerSubscriber) == "FlatMap")
    #expect(!(innerSubscriber is any CustomDebugStringConvertible))
    let children = Mirror(reflecting: innerSubscriber).children
    #expect(children.map(\.label) == ["parentSubscription"])
    #expect(children.first.map { "\($0.value)" } == "\(outerSubscriber.combineIdentifier)")
  }
}

/// A subscriber that asks for as many more values as a positive value says, and keeps its subscription.
private final class DemandByValue: Subscriber, @unchecked Sendable {
  let values = Locked<[Int]>([])
  let subscription = Locked<(any Subscription)?>(nil)

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    values.append(input)
    return input > 0 ? .max(input) : .none
  }

  func receive(completion: Subscribers.Completion<TestError>) {}
}

/// A subscription that runs `body` when cancelled.
private final class OnCancel: Subscription, @unchecked Sendable {
  let body: () -> Void

  init(_ body: @escaping () -> Void) {
    self.body = body
  }

  func request(_ demand: Subscribers.Demand) {}

  func cancel() {
    body()
  }
}
