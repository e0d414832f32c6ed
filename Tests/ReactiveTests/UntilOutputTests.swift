import Reactive
import Testing

@Suite struct PrefixUntilOutputTests {
  @Test func passesValuesOnUntilTheOtherPublishesThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(2))
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    #expect(other.subscription.calls == [.request(.max(1))])
    #expect(upstream.subscription.calls == [.request(.max(3))])
    #expect(upstream.send(1) == .max(2))
    #expect(upstream.send(2) == .max(2))
    #expect(other.send("stop") == .none)
    #expect(upstream.send(3) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    #expect(other.subscription.calls == [.request(.max(1))])
  }

  @Test func theOthersCompletionDoesNotEndTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    other.send(completion: .failure(.boom))
    other.send("late")
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func theUpstreamsCompletionCancelsTheOtherFirst() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(other.subscription.calls == [.request(.max(1)), .cancel])
  }

  @Test func aCancelCancelsUpstreamThenTheOtherOnce() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, Never>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.request(.max(42))
    subscription.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(other.subscription.calls == [.request(.max(1)), .cancel])
  }

  @Test func theOtherPublishingBeforeUpstreamSubscribesFinishesAndCancelsTheLateSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = ManualPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    other.send("stop")
    let late = upstream.giveSubscription()
    #expect(late.calls == [.cancel])
    #expect(recorder.events == [.completion(.finished)])
  }

  // OpenCombine's PrefixUntilOutputTests.testCombineIdentifiers, at 0239e54 (the version stored).
  @Test func theOtherPublishersSubscriberHasTheUpstreamSubscribersCombineIdentifier() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(Recorder<Int, TestError>())
    let upstreamSide = try #require(upstream.subscriber)
    let otherSide = try #require(other.subscriber)
    #expect(otherSide.combineIdentifier == upstreamSide.combineIdentifier)
  }

  // OpenCombine's PrefixUntilOutputTests.testRequestZeroDemand, at 0239e54: a request for no values
  // is passed upstream as it is.
  @Test func aZeroRequestIsPassedUpstream() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .max(2))
    upstream.prefix(untilOutputFrom: ManualPublisher<Int, TestError>()).subscribe(tracker)
    let subscription = upstream.giveSubscription()
    try #require(tracker.subscription).request(.none)
    #expect(callText(subscription.calls) == "request(max(0))")
  }

  // OpenCombine's PrefixUntilOutputTests.testCancellation, at 0239e54: a cancel cancels upstream
  // before the other, once.
  @Test func aCancelCancelsUpstreamBeforeTheOther() {
    let log = Locked<[String]>([])
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    other.subscriber?.receive(subscription: LoggingSubscription("other", log))
    upstream.subscriber?.receive(subscription: LoggingSubscription("upstream", log))
    recorder.cancel()
    recorder.request(.max(42))
    recorder.cancel()
    #expect(log.value == ["other request(max(1))", "upstream cancel", "other cancel"])
  }

  // OpenCombine's PrefixUntilOutputTests.testUpstreamCompletion and
  // testCancelsUpstreamWhenTerminatorSendsValue, at 0239e54: the upstream's finish cancels the other
  // before it reaches the downstream; the other's value cancels upstream before the finish and
  // leaves the other uncancelled.
  @Test func cancelsBeforeTheFinishReachesTheDownstream() {
    for otherEnds in [false, true] {
      let log = Locked<[String]>([])
      let upstream = HandDrivenPublisher<Int, TestError>()
      let other = HandDrivenPublisher<Int, TestError>()
      upstream.prefix(untilOutputFrom: other).subscribe(FinishLogger(log))
      other.subscriber?.receive(subscription: LoggingSubscription("other", log))
      upstream.subscriber?.receive(subscription: LoggingSubscription("upstream", log))
      if otherEnds {
        #expect(other.send(42) == .none)
        #expect(log.value == ["other request(max(1))", "upstream cancel", "finished"])
      } else {
        upstream.send(completion: .finished)
        #expect(log.value == ["other request(max(1))", "other cancel", "finished"])
      }
    }
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputReceiveCompletionBeforeSubscription,
  // at 0239e54, its second half: the other's completion before its subscription ends nothing.
  @Test func theOthersCompletionBeforeItsSubscriptionEndsNothing() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    other.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [])
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputReceiveSubscriptionTwice, at 0239e54,
  // its second half: the other's second subscription, and its first sent again, are cancelled; the
  // first is kept, and the downstream's cancel cancels it again.
  @Test func theOthersSecondSubscriptionIsCancelledAndItsFirstKept() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    let first = other.giveSubscription()
    #expect(first.calls == [.request(.max(1))])
    let second = other.giveSubscription()
    #expect(second.calls == [.cancel])
    other.subscriber?.receive(subscription: first)
    #expect(first.calls == [.request(.max(1)), .cancel])
    recorder.cancel()
    #expect(first.calls == [.request(.max(1)), .cancel, .cancel])
    #expect(upstream.subscription.calls == [.cancel])
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputReceiveValueBeforeSubscription, at
  // 0239e54, its second half: a value the other sends before its subscription ends nothing.
  @Test func aValueTheOtherSendsBeforeItsSubscriptionEndsNothing() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.prefix(untilOutputFrom: other).subscribe(recorder)
    #expect(other.send(31) == .none)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [])
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputReflection, at 0239e54: neither
  // subscriber, nor the downstream's subscription, customizes its description or reflection.
  @Test func customizesNoReflectionAsCombineDoes() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    upstream.prefix(untilOutputFrom: other).subscribe(keeper)
    upstream.giveSubscription()
    let reflected: [Any] = [
      try #require(upstream.subscriber), try #require(other.subscriber), try #require(keeper.subscription),
    ]
    for subject in reflected {
      #expect(!(subject is any CustomStringConvertible))
      #expect(!(subject is any CustomReflectable))
      #expect(!(subject is any CustomDebugStringConvertible))
      #expect(!(subject is any CustomPlaygroundDisplayConvertible))
    }
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputLifecycle, at 0239e54
  // (cancellingSubscriptionReleasesSubscriber and finishingIsPassedThrough false): the downstream is
  // kept after a cancel and after a completion, until the operator is released.
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in
        upstream.prefix(untilOutputFrom: ManualPublisher<Int, Never>())
      }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
  }
}

@Suite struct DropUntilOutputTests {
  @Test func leavesValuesOutUntilTheOtherPublishesThenPassesThemOn() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(5))
    upstream.drop(untilOutputFrom: other).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(other.send("go") == .none)
    #expect(upstream.send(2) == .max(5))
    other.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(upstream.subscription.calls == [.request(.max(2))])
    #expect(other.subscription.calls == [.request(.max(1))])
  }

  @Test func theOthersCompletionBeforeItsFirstValueEndsTheStreamAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(100))
    upstream.drop(untilOutputFrom: other).subscribe(recorder)
    upstream.send(1)
    other.send(completion: .failure(.boom))
    other.send(completion: .finished)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.max(100)), .cancel])
  }

  @Test func theDownstreamGetsItsSubscriptionFirstThenTheOtherIsSubscribedThenUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<String, TestError>()
    let counts = Locked<[Int]>([])
    upstream.drop(untilOutputFrom: other).subscribe(
      ClosureSubscriber<Int, TestError> { _ in
        counts.withLock { $0 = [other.subscriberCount, upstream.subscriberCount] }
      })
    #expect(counts.value == [0, 0])
    #expect(other.subscriberCount == 1)
    #expect(upstream.subscriberCount == 1)
  }

  @Test func demandAskedBeforeTheUpstreamSubscriptionIsAskedWhenItArrives() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(10))
    upstream.drop(untilOutputFrom: ManualPublisher<Void, TestError>()).subscribe(recorder)
    recorder.request(.max(4))
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.max(14))])
  }

  /// As Combine's (OpenCombine's DropUntilOutputTests.testLateSubscription and
  /// testDropUntilOutputRequestBeforeSubscription, `shouldCrash: false`, at 1b8a26b): a zero request
  /// asks for nothing and does not stop the process.
  @Test func aZeroRequestIsIgnored() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(10))
    upstream.drop(untilOutputFrom: ManualPublisher<Void, TestError>()).subscribe(recorder)
    recorder.request(.none)
    let subscription = upstream.giveSubscription()
    recorder.request(.none)
    #expect(subscription.calls == [.request(.max(10))])
  }

  /// As Combine's (OpenCombine's testDropUntilOutputReflection at 1b8a26b): the subscriber the other
  /// publisher gets describes itself as the one upstream gets does, with no children.
  @Test func theOtherPublishersSubscriberDescribesItselfAsDropUntilOutput() throws {
    let other = HandDrivenPublisher<Int, TestError>()
    Empty<Int, TestError>(completeImmediately: false).drop(untilOutputFrom: other)
      .subscribe(Recorder<Int, TestError>(request: .max(1)))
    let subscriber = try #require(other.subscriber)
    #expect(String(describing: subscriber) == "DropUntilOutput")
    #expect(Mirror(reflecting: subscriber).children.isEmpty)
    let playground = (subscriber as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription
    #expect(playground.map { String(describing: $0) } == "DropUntilOutput")
  }

  @Test func aCancelCancelsUpstreamThenTheOtherAndASecondSubscriptionIsCancelled() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = ManualPublisher<String, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.drop(untilOutputFrom: other).subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(second.calls == [.cancel])
    recorder.cancel()
    #expect(first.calls == [.request(.max(2)), .cancel])
    #expect(other.subscription.calls == [.request(.max(1)), .cancel])
    #expect(reflection(of: upstream.drop(untilOutputFrom: other)).description == "DropUntilOutput")
  }
}

/// A subscription that writes what it is asked, after its name, into a log shared with others.
private final class LoggingSubscription: Subscription, @unchecked Sendable {
  private let name: String
  private let log: Locked<[String]>

  init(_ name: String, _ log: Locked<[String]>) {
    self.name = name
    self.log = log
  }

  func request(_ demand: Subscribers.Demand) { log.append("\(name) request(\(demand))") }

  func cancel() { log.append("\(name) cancel") }
}

/// A subscriber that writes "finished" into a log when it finishes.
private final class FinishLogger: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = TestError
  private let log: Locked<[String]>

  init(_ log: Locked<[String]>) { self.log = log }

  func receive(subscription: any Subscription) {}

  func receive(_ input: Int) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<TestError>) {
    if case .finished = completion { log.append("finished") }
  }
}

extension DropUntilOutputTests {
  // OpenCombine's DropUntilOutputTests.testDemand, at 1b8a26b: the upstream is asked only what the
  // downstream asks, a value left out is answered with nothing, a value passed on with the
  // downstream's demand, and the other is asked for one value only.
  @Test func asksUpstreamWhatTheDownstreamAsksAndAnswersEachValuePassedOnWithItsDemand() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none, extra: .max(3))
    upstream.drop(untilOutputFrom: other).subscribe(keeper)
    #expect(upstream.subscription.calls == [])
    #expect(other.subscription.calls == [.request(.max(1))])
    try #require(keeper.subscription).request(.max(4))
    #expect([upstream.send(1), upstream.send(2)] == [.none, .none])
    #expect(other.send(1000) == .none)
    #expect([upstream.send(3), upstream.send(4)] == [.max(3), .max(3)])
    #expect(upstream.subscription.calls == [.request(.max(4))])
    #expect(other.subscription.calls == [.request(.max(1))])
    #expect(keeper.events == [.subscription, .value(3), .value(4)])
  }

  // OpenCombine's DropUntilOutputTests.testSubscribersHaveTheSameCombineIdentifier, at 1b8a26b.
  @Test func theOtherPublishersSubscriberHasTheUpstreamSubscribersCombineIdentifier() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    upstream.drop(untilOutputFrom: other).subscribe(Recorder<Int, TestError>())
    let upstreamSide = try #require(upstream.subscriber)
    let otherSide = try #require(other.subscriber)
    #expect(otherSide.combineIdentifier == upstreamSide.combineIdentifier)
  }
}

extension DropUntilOutputTests {
  // OpenCombine's DropUntilOutputTests.testReusableOtherSubscriber, at 1b8a26b: a second subscription
  // of the other's while it holds one is cancelled; once the other has sent its value, its
  // subscription is let go, not cancelled, and the next one it is sent is asked for one value and is
  // the one a cancel reaches.
  @Test func takesTheOthersNextSubscriptionOnceItsValueCameAndCancelsThatOne() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let other = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(5))
    upstream.drop(untilOutputFrom: other).subscribe(recorder)
    let first = other.giveSubscription()
    let second = other.giveSubscription()
    #expect(second.calls == [.cancel])
    #expect(other.send(1000) == .none)
    let third = other.giveSubscription()
    #expect(third.calls == [.request(.max(1))])
    recorder.cancel()
    #expect(third.calls == [.request(.max(1)), .cancel])
    #expect(first.calls == [.request(.max(1))])
    #expect(upstream.subscription.calls == [.request(.max(2)), .cancel])
    #expect(recorder.events == [.subscription])
  }
}

extension DropUntilOutputTests {
  // OpenCombine's DropUntilOutputTests.testCrashesWhenReceivesInputAfterCancel, at 1b8a26b: a value
  // the upstream sends while values are left out, beyond what the downstream asked for, stops the
  // process; here the other finished at once, and the downstream asked for nothing.
  @Test func aValueLeftOutBeyondTheDemandStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.drop(untilOutputFrom: Empty<Void, TestError>())
        .subscribe(Recorder<Int, TestError>(request: .none))
      upstream.giveSubscription()
      _ = upstream.send(0)
    }
    #expect(EventsBeforeSubscriptionTests.stops("DropUntilOutput received a value beyond the demand", result))
    let waiting = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.drop(untilOutputFrom: PassthroughSubject<Void, TestError>())
        .subscribe(Recorder<Int, TestError>(request: .max(1)))
      upstream.giveSubscription()
      _ = upstream.send(0)
      _ = upstream.send(1)
    }
    #expect(
      EventsBeforeSubscriptionTests.stops("DropUntilOutput received a value beyond the demand", waiting))
  }

  // The values left out count against the downstream's demand, the requests made after a cancel too,
  // as in Combine (OpenCombine's DropUntilOutputTests testOtherFailsAfterTriggering and
  // testCancelAlreadyCancelled, at 1b8a26b): within it nothing stops, and values passed on do not
  // count.
  @Test func valuesLeftOutWithinTheDemandAndValuesPassedOnDoNotStopTheProcess() {
    let upstream = ManualPublisher<Int, TestError>()
    let other = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.drop(untilOutputFrom: other).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    other.send(0)
    #expect([upstream.send(2), upstream.send(3)] == [.none, .none])
    recorder.cancel()
    let cancelled = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(1))
    cancelled.drop(untilOutputFrom: ManualPublisher<Int, TestError>()).subscribe(keeper)
    keeper.subscription?.cancel()
    keeper.subscription?.request(.max(1))
    #expect([cancelled.send(1), cancelled.send(2)] == [.none, .none])
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
    #expect(keeper.events == [.subscription])
  }
}
