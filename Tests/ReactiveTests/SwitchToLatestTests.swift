import Dispatch
import Reactive
import Testing

@Suite struct SwitchToLatestTests {
  @Test func passesOnTheLatestPublishersValuesAndCancelsTheOneBefore() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    first.send(2)
    second.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    #expect(first.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func finishesOnceUpstreamAndTheLatestPublisherHaveFinished() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .finished)
    inner.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theLatestPublisherGetsTheDemandLeft() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3))
    upstream.switchToLatest().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    #expect(first.subscription.calls == [.request(.max(3)), .cancel])
    #expect(second.subscription.calls == [.request(.max(2))])
  }

  // OpenCombine's SwitchToLatestTests.testDemand: a value of the latest publisher returns the demand
  // the downstream answered with, which is also counted towards what the next publisher is asked for;
  // nothing is requested on the side.
  @Test func aValueReturnsTheDownstreamsDemandAndTheNextPublisherIsAskedForAllThatIsLeft() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(5))
    upstream.switchToLatest().subscribe(recorder)
    let first = HandDrivenPublisher<Int, TestError>()
    upstream.send(first)
    let firstSubscription = first.giveSubscription()
    #expect(firstSubscription.calls == [])
    recorder.request(.max(1))
    #expect(firstSubscription.calls == [.request(.max(1))])
    first.send(completion: .finished)
    recorder.request(.max(41))
    recorder.request(.max(1))
    #expect(firstSubscription.calls == [.request(.max(1))])
    let second = HandDrivenPublisher<Int, TestError>()
    upstream.send(second)
    let secondSubscription = second.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(43))])
    #expect(second.send(1) == .max(5))
    #expect(second.send(2) == .max(5))
    #expect(secondSubscription.calls == [.request(.max(43))])
    let third = HandDrivenPublisher<Int, TestError>()
    upstream.send(third)
    let thirdSubscription = third.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(43)), .cancel])
    #expect(thirdSubscription.calls == [.request(.max(51))])
    upstream.send(completion: .finished)
    recorder.request(.max(9))
    #expect(thirdSubscription.calls == [.request(.max(51)), .request(.max(9))])
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestInnerReceiveValueBeforeSubscription.
  @Test func aValueBeforeThePublishersSubscriptionReturnsTheDownstreamsDemand() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .unlimited, extra: .max(42))
    upstream.switchToLatest().subscribe(recorder)
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    #expect(inner.send(1) == .max(42))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  // OpenCombine's SwitchToLatestTests.testCrashesWhenReceivingUnwantedValueFromNestedPublisher.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      upstream.switchToLatest().subscribe(Recorder<Int, TestError>(request: .none))
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.send(inner)
      inner.giveSubscription()
      inner.send(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("switchToLatest received a value its subscriber did not request"))
  }

  // OpenCombine's SwitchToLatestTests.testCrashesWhenRequestingZeroFromOuterDemand.
  @Test func aZeroRequestStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = Recorder<Int, TestError>(request: .none)
      ManualPublisher<Just<Int>, TestError>().map { $0.setFailureType(to: TestError.self) }
        .switchToLatest().subscribe(recorder)
      recorder.request(.none)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a subscriber must request at least one value"))
  }

  @Test func aPublishersFailureCancelsUpstream() {
    let upstream = ManualPublisher<Fail<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(Fail(error: .boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamsFailureCancelsTheLatestPublisher() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func worksAcrossFailureTypes() {
    let neither = Recorder<Int, Never>()
    Just(Just(1)).switchToLatest().subscribe(neither)
    #expect(neither.events == [.subscription, .value(1), .completion(.finished)])
    let innerFails = Recorder<Int, TestError>()
    Just(Fail<Int, TestError>(error: .boom)).switchToLatest().subscribe(innerFails)
    #expect(innerFails.events == [.subscription, .completion(.failure(.boom))])
    let outerMayFail = Recorder<Int, TestError>()
    Just(Just(2)).setFailureType(to: TestError.self).switchToLatest().subscribe(outerMayFail)
    #expect(outerMayFail.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Just<Int>, Never>().switchToLatest()).description == "SwitchToLatest")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest()
      }
      #expect(released.downstream, "\(ending)")
    }
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestSequenceWithSink and testRequestOneByOne, at
  // 1b8a26b: publishers that finish at once are each delivered whole, in turn, for a sink and for a
  // subscriber asking one value at a time.
  @Test func publishersThatFinishAtOnceAreEachDeliveredWholeInTurn() {
    let outer = (1..<5).publisher.map { ($0..<$0 + 4).publisher }
    var values: [Int] = []
    let cancellable = outer.switchToLatest().sink { values.append($0) }
    let expected = [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7]
    #expect(values == expected)
    withExtendedLifetime(cancellable) {}
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    outer.switchToLatest().subscribe(recorder)
    #expect(recorder.events == [.subscription] + expected.map { .value($0) } + [.completion(.finished)])
  }

  // OpenCombine's SwitchToLatestTests.testCancelCancels, at 1b8a26b: a cancel cancels the latest
  // publisher first, then upstream, each once however often it is called.
  @Test func aCancelCancelsTheLatestPublisherThenUpstreamOnce() throws {
    let upstream = ManualPublisher<Publishers.HandleEvents<HandDrivenPublisher<Int, TestError>>, TestError>()
    var upstreamCallsAtInnerCancel: [RecordingSubscription.Call]?
    let source = HandDrivenPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(42))
    upstream.switchToLatest().subscribe(keeper)
    upstream.send(
      source.handleEvents(receiveCancel: { upstreamCallsAtInnerCancel = upstream.subscription.calls }))
    let sourceSubscription = source.giveSubscription()
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.cancel()
    #expect(upstreamCallsAtInnerCancel == [.request(.unlimited)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(sourceSubscription.calls == [.request(.max(42)), .cancel])
  }

  // OpenCombine's SwitchToLatestTests.testInnerFails, at 1b8a26b: the latest publisher's failure ends
  // the stream and cancels upstream, not that publisher; its later events are ignored.
  @Test func theLatestPublishersFailureCancelsUpstreamOnlyAndWhatFollowsIsIgnored() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(1))
    upstream.switchToLatest().subscribe(recorder)
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    let innerSubscription = inner.giveSubscription()
    #expect(inner.send(1) == .max(1))
    #expect(inner.send(2) == .max(1))
    inner.send(completion: .failure(.boom))
    inner.send(completion: .failure(.boom))
    inner.send(completion: .finished)
    #expect(inner.send(-1) == .none)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(innerSubscription.calls == [.request(.max(1))])
  }

  // OpenCombine's SwitchToLatestTests.testOuterIgnoresInputAfterCancelling,
  // testOuterIgnoresInputAfterFinishing and testOuterIgnoresCompletionAfterCancelling, at 1b8a26b.
  @Test func aPublisherFromUpstreamAfterACancelOrItsFinishIsNotSubscribedTo() {
    for ending in [StreamEnding.cancel, .finish] {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      let recorder = Recorder<Int, TestError>(request: .none)
      upstream.switchToLatest().subscribe(recorder)
      switch ending {
      case .cancel:
        recorder.cancel()
        #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
      default: upstream.send(completion: .finished)
      }
      let inner = HandDrivenPublisher<Int, TestError>()
      #expect(upstream.send(inner) == .none)
      #expect(inner.subscriber == nil, "\(ending)")
      upstream.send(completion: .failure(.boom))
      let expected: [Event<Int, TestError>] =
        ending == .cancel ? [.subscription] : [.subscription, .completion(.finished)]
      #expect(recorder.events == expected, "\(ending)")
    }
  }

  // OpenCombine's SwitchToLatestTests.testInnerIgnoresInputAfterCancelling and
  // testInnerIgnoresCompletionAfterCancelling, at 1b8a26b.
  @Test func theLatestPublishersEventsAfterACancelAreIgnored() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(100))
    upstream.switchToLatest().subscribe(recorder)
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    let innerSubscription = inner.giveSubscription()
    #expect(innerSubscription.calls == [.request(.max(1))])
    recorder.cancel()
    #expect(innerSubscription.calls == [.request(.max(1)), .cancel])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(inner.send(1) == .none)
    inner.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's SwitchToLatestTests.testInnerReceivesInputAfterOuterFinishes,
  // testInnerIgnoresEventsAfterOuterFinishes, testOuterFinishesThenInnerFinishes and
  // testInnerFinishesThenOuterFinishes, at 1b8a26b: upstream's finish cancels nothing, the latest
  // publisher's values still pass with the downstream's demand, and the stream finishes once both
  // have, in either order, once.
  @Test func theStreamFinishesOnceBothHaveInEitherOrderCancellingNothing() {
    for innerFirst in [false, true] {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(100))
      upstream.switchToLatest().subscribe(recorder)
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.send(inner)
      let innerSubscription = inner.giveSubscription()
      if innerFirst {
        inner.send(completion: .finished)
        #expect(recorder.events == [.subscription])
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription, .completion(.finished)])
      } else {
        upstream.send(completion: .finished)
        #expect(inner.send(1) == .max(100))
        #expect(recorder.events == [.subscription, .value(1)])
        inner.send(completion: .finished)
        inner.send(completion: .failure(.boom))
        #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
      }
      #expect(upstream.subscription.calls == [.request(.unlimited)], "inner first: \(innerFirst)")
      #expect(innerSubscription.calls == [.request(.max(1))], "inner first: \(innerFirst)")
    }
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionWhileWaitingForInnerSubscription,
  // at 1b8a26b, its finish: the stream waits for a publisher that has not given its subscription yet,
  // which is then asked for the demand.
  @Test func upstreamsFinishWaitsForTheLatestPublishersSubscription() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(42))
    upstream.switchToLatest().subscribe(recorder)
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    let innerSubscription = inner.giveSubscription()
    #expect(recorder.events == [.subscription])
    #expect(innerSubscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's SwitchToLatestTests.testOverloadWhenUpstreamNeverFailsButChildrenCanFail and
  // testOverloadWhenUpstreamCanFailButChildrenNeverFail, at 1b8a26b.
  @Test func theOverloadsForPublishersThatCannotFailWrapUpstreamOrEachPublisher() {
    let neverFails = ManualPublisher<ManualPublisher<Int, TestError>, Never>()
    let lifted:
      Publishers.SwitchToLatest<
        ManualPublisher<Int, TestError>,
        Publishers.SetFailureType<ManualPublisher<ManualPublisher<Int, TestError>, Never>, TestError>
      > = neverFails.switchToLatest()
    #expect(lifted.upstream.upstream === neverFails)
    let childrenNeverFail = ManualPublisher<ManualPublisher<Int, Never>, TestError>()
    let wrapped = childrenNeverFail.switchToLatest()
    #expect(wrapped.upstream.upstream === childrenNeverFail)
    let child = ManualPublisher<Int, Never>()
    #expect(wrapped.upstream.transform(child).upstream === child)
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestReflection, at 1b8a26b: upstream's subscriber
  // is the downstream's subscription; the subscriber of each publisher is another, and names it.
  @Test func upstreamsSubscriberIsTheSubscriptionAndEachPublishersSubscriberNamesIt() throws {
    let upstream = HandDrivenPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let probe = SubscriptionProbe<Int, TestError>()
    upstream.switchToLatest().subscribe(probe)
    upstream.giveSubscription()
    let outer = try #require(upstream.subscriber)
    let subscription = try #require(probe.subscription)
    #expect(outer as AnyObject === subscription as AnyObject)
    #expect(outer.combineIdentifier == subscription.combineIdentifier)
    for subject in [outer as Any, subscription] {
      #expect(String(describing: subject) == "SwitchToLatest")
      #expect(!(subject is any CustomDebugStringConvertible))
      #expect(playgroundText(subject) == "SwitchToLatest")
      #expect(subject is any CustomReflectable)
    }
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    let side = try #require(inner.subscriber)
    #expect(!(side is any Subscription))
    #expect(type(of: side) != type(of: outer))
    #expect(side.combineIdentifier != subscription.combineIdentifier)
    #expect(String(describing: side) == "SwitchToLatest")
    #expect(!(side is any CustomDebugStringConvertible))
    #expect(playgroundText(side) == "SwitchToLatest")
    #expect(mirrorLabels(side) == ["parentSubscription"])
    #expect(
      Mirror(reflecting: side).children.map { String(describing: $0.value) } == [
        String(describing: subscription.combineIdentifier)
      ])
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestOuterReceiveSubscriptionTwice and
  // testSwitchToLatestOuterReceiveValueBeforeSubscription, at 1b8a26b: the downstream is handed its
  // subscription as it subscribes, before upstream hands one over; a publisher sent before that is
  // answered with no demand and nothing passed on; a second subscription from upstream is cancelled,
  // and so is one after a cancel.
  @Test func theDownstreamGetsItsSubscriptionBeforeUpstreamHandsOneOver() throws {
    let upstream = HandDrivenPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none)
    upstream.switchToLatest().subscribe(keeper)
    #expect(keeper.events == [.subscription])
    #expect(upstream.send(HandDrivenPublisher<Int, TestError>()) == .none)
    #expect(keeper.events == [.subscription])
    let first = upstream.giveSubscription()
    #expect(keeper.events == [.subscription])
    #expect(first.calls == [.request(.unlimited)])
    let second = upstream.giveSubscription()
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    try #require(keeper.subscription).cancel()
    #expect(first.calls == [.request(.unlimited), .cancel])
    #expect(upstream.giveSubscription().calls == [.cancel])
  }

  @Test func anUpstreamSubscribedToOnASchedulerLeavesTheDownstreamWithItsSubscriptionMeanwhile() {
    let scheduler = DispatchQueue.test
    let recorder = Recorder<Int, Never>()
    Just(Just(1)).subscribe(on: scheduler).switchToLatest().subscribe(recorder)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionBeforeSubscription, at
  // 1b8a26b.
  @Test func upstreamsFinishBeforeItsSubscriptionFinishesTheStream() {
    let upstream = HandDrivenPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestInnerReceiveCompletionBeforeSubscription and
  // testSwitchToLatestInnerReceiveFailureBeforeSubscription, at 1b8a26b.
  @Test func aPublishersCompletionBeforeItsSubscriptionStopsTheProcessWithAMessage() async {
    let finish = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      upstream.switchToLatest().subscribe(Recorder<Int, TestError>(extra: .max(42)))
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.send(inner)
      inner.send(completion: .finished)
    }
    let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      upstream.switchToLatest().subscribe(Recorder<Int, TestError>(extra: .max(42)))
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.send(inner)
      inner.send(completion: .failure(.boom))
    }
    for result in [finish, failure] {
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains("switchToLatest received a completion from a publisher before its subscription"))
    }
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestInnerReceiveSubscriptionTwice, at 1b8a26b: a
  // publisher's second subscription is cancelled; once the latest publisher has finished, its
  // subscription is let go, and a subscription it hands over after that is left alone, neither
  // cancelled nor asked for anything the downstream has not asked for.
  @Test func aSubscriptionFromTheLatestPublisherAfterItFinishedIsLeftAlone() throws {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    upstream.switchToLatest().subscribe(Recorder<Int, TestError>(request: .none))
    let first = HandDrivenPublisher<Int, TestError>()
    upstream.send(first)
    let firstSubscription = first.giveSubscription()
    let second = first.giveSubscription()
    let third = first.giveSubscription()
    #expect(firstSubscription.calls == [])
    #expect(second.calls == [.cancel])
    #expect(third.calls == [.cancel])
    let latest = HandDrivenPublisher<Int, TestError>()
    upstream.send(latest)
    let side = try #require(latest.subscriber)
    weak var weakFinished: HandDrivenSubscription?
    do {
      let finished = HandDrivenSubscription()
      weakFinished = finished
      side.receive(subscription: finished)
      side.receive(completion: .finished)
      #expect(finished.calls == [])
    }
    #expect(weakFinished == nil)
    let late = HandDrivenSubscription()
    side.receive(subscription: late)
    #expect(late.calls == [])
  }
}
