import Reactive
import Testing

@Suite struct CatchTests {
  @Test func goesOnWithThePublisherMadeOfTheFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    subject.catch { error in [error == .boom ? 100 : 200, 300].publisher }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(100), .value(300), .completion(.finished)])
  }

  // OpenCombine's CatchTests.testSimpleCatch and testSimpleTryCatch, at 1b8a26b: one value asked for
  // at a time, the failing upstream's values, then the new publisher's, then its finish.
  @Test func goesOnOneValueAtATimeWithTheNewPublisher() {
    let failing = (0..<10).publisher.tryMap { value -> Int in
      guard value < 5 else { throw TestError.boom }
      return value
    }
    let expected: [Event<Int, Never>] =
      [.subscription] + [0, 1, 2, 3, 4, 3, 2, 1, 0].map { .value($0) } + [.completion(.finished)]
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    failing.catch { _ in [3, 2, 1, 0].publisher }.subscribe(recorder)
    #expect(recorder.events == expected)
    let tryRecorder = Recorder<Int, TestError>(request: .max(1), extra: .max(1))
    failing.tryCatch { _ in [3, 2, 1, 0].publisher }.asTestError().subscribe(tryRecorder)
    #expect(tryRecorder.values == [0, 1, 2, 3, 4, 3, 2, 1, 0])
    #expect(tryRecorder.events.last == .completion(.finished))
  }

  // OpenCombine's CatchTests.testCatchUpstreamFinishes and testTryCatchUpstreamFinishes, at 1b8a26b:
  // the upstream's finish ends the stream, the completions after it are ignored, and the handler is
  // never called.
  @Test func theUpstreamsFinishEndsTheStreamAndWhatFollowsIsIgnored() {
    let upstream = ManualPublisher<Int, TestError>()
    let handled = Locked(0)
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.catch { error -> Fail<Int, TestError> in
      handled.withLock { $0 += 1 }
      return Fail(error: error)
    }.subscribe(recorder)
    let tryRecorder = Recorder<Int, TestError>(request: .max(2))
    upstream.tryCatch { error -> Fail<Int, TestError> in
      handled.withLock { $0 += 1 }
      return Fail(error: error)
    }.asTestError().subscribe(tryRecorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    for events in [recorder.events, tryRecorder.events] {
      #expect(events == [.subscription, .value(1), .value(2), .completion(.finished)])
    }
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(2))])
    #expect(handled.value == 0)
  }

  // OpenCombine's CatchTests.testCatchRequestPost and testTryCatchRequestPost, at 1b8a26b: with nothing
  // asked for, the new publisher is asked for nothing; a request once it is subscribed to reaches it,
  // and its value is handed on.
  @Test func aRequestAfterTheNewPublisherIsSubscribedToReachesIt() throws {
    for tries in [false, true] {
      let upstream = ManualPublisher<Int, TestError>()
      let fallback = ManualPublisher<Int, TestError>()
      let keeper = DemandKeeper<Int, TestError>(request: .none)
      if tries {
        upstream.tryCatch { _ in fallback }.asTestError().subscribe(keeper)
      } else {
        upstream.catch { _ in fallback }.subscribe(keeper)
      }
      upstream.send(completion: .failure(.boom))
      #expect(fallback.subscriberCount == 1)
      #expect(fallback.subscription.calls == [])
      try #require(keeper.subscription).request(.max(12))
      #expect(fallback.subscription.calls == [.request(.max(12))])
      #expect(keeper.events == [.subscription])
      #expect(fallback.send(100) == .none)
      #expect(keeper.events == [.subscription, .value(100)])
      #expect(upstream.subscription.calls == [])
    }
  }

  // OpenCombine's CatchTests.testCatchReceiveSubscriptionTwice and
  // testTryCatchReceiveSubscriptionTwice, at 1b8a26b, their second case: the subscriber given to the
  // publisher made of the failure cancels any other subscription, its own sent again too, and a
  // downstream cancel reaches its own.
  @Test func theNewPublishersSubscriberCancelsASecondSubscription() {
    func check<P: Publisher>(_ make: (HandDrivenPublisher<Int, TestError>) -> P) {
      let fallback = HandDrivenPublisher<Int, TestError>()
      let probe = SubscriptionProbe<P.Output, P.Failure>()
      make(fallback).subscribe(probe)
      let first = fallback.giveSubscription()
      #expect(first.calls == [])
      #expect(fallback.giveSubscription().calls == [.cancel])
      fallback.subscriber?.receive(subscription: first)
      #expect(first.calls == [.cancel])
      probe.subscription?.cancel()
      #expect(first.calls == [.cancel, .cancel])
      #expect(fallback.giveSubscription().calls == [.cancel])
    }
    check { fallback in Fail<Int, TestError>(error: .boom).catch { _ in fallback } }
    check { fallback in Fail<Int, TestError>(error: .boom).tryCatch { _ in fallback } }
  }

  @Test func finishedPassesThroughWithoutTheHandler() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    var handled = 0
    subject.catch { _ in
      handled += 1
      return Just(0)
    }.subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(handled == 0)
  }

  @Test func demandNotYetMetCarriesOverToTheNewPublisher() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(3))
    upstream.catch { _ in fallback }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    #expect(fallback.subscription.calls == [.request(.max(2))])
    recorder.request(.max(4))
    #expect(fallback.subscription.calls == [.request(.max(2)), .request(.max(4))])
    #expect(upstream.subscription.calls == [.request(.max(3))])
  }

  @Test func theNewPublishersFailureEndsTheStream() {
    let recorder = Recorder<Int, TestError>()
    Fail<Int, TestError>(error: .boom).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  // OpenCombine's CatchTests.testCatchCancellationAfterRecovering.
  @Test func cancelReachesTheNewPublisherWhichStillHandsOnValuesButNoCompletion() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let keeper = DemandKeeper<Int, Never>(request: .none, extra: .max(3))
    upstream.catch { _ in fallback }.subscribe(keeper)
    upstream.send(completion: .failure(.boom))
    try #require(keeper.subscription).cancel()
    #expect(fallback.send(1) == .max(3))
    fallback.send(completion: .finished)
    #expect(keeper.events == [.subscription, .value(1)])
    #expect(upstream.subscription.calls == [])
    #expect(fallback.subscription.calls == [.cancel])
    let extra = RecordingSubscription()
    fallback.send(subscription: extra)
    #expect(extra.calls == [.cancel])
  }

  // OpenCombine's CatchTests.testCatchCancellationBeforeRecovering.
  @Test func aCancelledCatchHandsOnValuesWithTheDownstreamsDemandAndCallsNoHandler() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let handled = Locked(false)
    let keeper = DemandKeeper<Int, TestError>(request: .max(1), extra: .max(3))
    upstream.catch { _ in
      handled.withLock { $0 = true }
      return Just(0).setFailureType(to: TestError.self)
    }.subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.request(.max(199))
    #expect(upstream.send(1) == .max(3))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
    #expect(keeper.events == [.subscription, .value(1)])
    #expect(!handled.value)
  }

  // OpenCombine's CatchTests.testCatchPreservesDemand.
  @Test func eachValueReturnsTheDownstreamsDemandAndTheNewPublisherIsAskedForWhatIsLeft() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(12), extra: .max(3))
    upstream.catch { _ in fallback }.subscribe(keeper)
    try #require(keeper.subscription).request(.max(5))
    #expect(upstream.subscription.calls == [.request(.max(12)), .request(.max(5))])
    for value in 1...8 { #expect(upstream.send(value) == .max(3)) }
    upstream.send(completion: .failure(.boom))
    #expect(keeper.events == [.subscription] + (1...8).map { .value($0) })
    #expect(fallback.subscription.calls == [.request(.max(33))])
  }

  // OpenCombine's CatchTests.testCatchRequestPendingPost and testCatchCancelPendingPost.
  @Test func whileTheNewSubscriptionIsToComeARequestAddsToItsDemandAndACancelDoesNothing() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = HandDrivenPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(3))
    upstream.catch { _ in fallback }.subscribe(keeper)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    try #require(keeper.subscription).request(.max(10))
    #expect(fallback.giveSubscription().calls == [.request(.max(12))])

    let other = ManualPublisher<Int, TestError>()
    let pending = HandDrivenPublisher<Int, TestError>()
    let cancelling = DemandKeeper<Int, TestError>(request: .max(3))
    other.catch { _ in pending }.subscribe(cancelling)
    other.send(completion: .failure(.boom))
    try #require(cancelling.subscription).cancel()
    #expect(pending.giveSubscription().calls == [.request(.max(3))])
    pending.send(completion: .finished)
    #expect(cancelling.events == [.subscription, .completion(.finished)])
  }

  @Test func ignoresTheOldUpstreamOnceRecovering() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>()
    upstream.catch { _ in fallback }.subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(1)
    upstream.send(completion: .finished)
    fallback.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  // OpenCombine's CatchTests.testCatchReflection.
  @Test func describesItselfAsCombineDoes() {
    let described = reflection(of: PassthroughSubject<Int, TestError>().catch { _ in Just(0) })
    #expect(described.description == "Catch")
    #expect(described.playground == "Catch")
    #expect(described.children == ["downstream", "demand"])
  }

  // OpenCombine's CatchTests.testCatchReflection and testTryCatchReflection, at 1b8a26b: the
  // subscriber the upstream sees, and the one the publisher made of the failure sees, describe
  // themselves as the operator, with its mirror: the downstream and the demand, max(0) here.
  @Test func bothItsSubscribersDescribeThemselvesAsCombinesDo() throws {
    func check(_ subscriber: Any, _ name: String) {
      #expect(String(describing: subscriber) == name)
      #expect(playgroundText(subscriber) == name)
      #expect(!(subscriber is any CustomDebugStringConvertible))
      let children = Mirror(reflecting: subscriber).children.map { ($0.label, String(describing: $0.value)) }
      #expect(children.map(\.0) == ["downstream", "demand"], "\(name)")
      #expect(children.first?.1.contains("SubscriptionProbe") == true, "\(name)")
      #expect(children.last?.1 == "max(0)", "\(name)")
    }
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.catch { Fail<Int, TestError>(error: $0) }.subscribe(SubscriptionProbe<Int, TestError>())
    check(try #require(upstream.subscriber), "Catch")
    let fallback = HandDrivenPublisher<Int, TestError>()
    Fail<Int, TestError>(error: .boom).catch { _ in fallback }.subscribe(SubscriptionProbe<Int, TestError>())
    check(try #require(fallback.subscriber), "Catch")

    let tryUpstream = HandDrivenPublisher<Int, TestError>()
    tryUpstream.tryCatch { Fail<Int, TestError>(error: $0) }.subscribe(SubscriptionProbe<Int, any Error>())
    check(try #require(tryUpstream.subscriber), "TryCatch")
    let tryFallback = HandDrivenPublisher<Int, TestError>()
    Fail<Int, TestError>(error: .boom).tryCatch { _ in tryFallback }.subscribe(
      SubscriptionProbe<Int, any Error>())
    check(try #require(tryFallback.subscriber), "TryCatch")
  }

  @Test func letsTheDownstreamAndTheHandlerGoWhenTheStreamEnds() {
    for ending in [StreamEnding.finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.catch { _ in withExtendedLifetime(token) { Just(0).setFailureType(to: TestError.self) } }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
    // A cancel lets the handler go and keeps the downstream, for the values Combine still hands it.
    let cancelled = releaseCheck(.cancel) { upstream, token in
      upstream.catch { _ in withExtendedLifetime(token) { Just(0).setFailureType(to: TestError.self) } }
    }
    #expect(cancelled.captured && !cancelled.downstream)
  }

  // OpenCombine's CatchTests.testCatchCrashesOnUnwantedInput and testTryCatchCrashesOnUnwantedInput.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.catch { _ in Just(-1) }.subscribe(Recorder<Int, Never>(request: .none))
      upstream.giveSubscription()
      upstream.send(42)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Catch received a value its subscriber did not request"))
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.tryCatch { _ in Just(-1) }.subscribe(SubscriptionProbe<Int, any Error>())
      upstream.giveSubscription()
      upstream.send(42)
    }
  }

  // OpenCombine's CatchTests.testCatchRecursion, testCatchUpstreamFailsTwice and their TryCatch forms,
  // at 1b8a26b: an upstream that fails again, from inside the handler or once the new publisher is
  // subscribed to, stops the process.
  @Test func aSecondFailureOfTheUpstreamStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.catch { _ in ManualPublisher<Int, Never>() }.subscribe(Recorder<Int, Never>())
      upstream.giveSubscription()
      upstream.send(completion: .failure(.boom))
      upstream.send(completion: .failure(.boom))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Catch received a failure after its upstream had failed"))
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.catch { _ in
        upstream.send(completion: .failure(.boom))
        return Just(13)
      }.subscribe(Recorder<Int, Never>())
      upstream.giveSubscription()
      upstream.send(1)
      upstream.send(2)
      upstream.send(completion: .failure(.boom))
    }
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.tryCatch { _ in ManualPublisher<Int, Never>() }.subscribe(SubscriptionProbe<Int, any Error>())
      upstream.giveSubscription()
      upstream.send(completion: .failure(.boom))
      upstream.send(completion: .failure(.boom))
    }
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.tryCatch { _ in
        upstream.send(completion: .failure(.boom))
        return Just(13)
      }.subscribe(SubscriptionProbe<Int, any Error>())
      upstream.giveSubscription()
      upstream.send(completion: .failure(.boom))
    }
  }

  // The same tests' Catch ignores a failure once it is cancelled, or once the stream has ended, as
  // Combine's does after a finish.
  @Test func aFailureAfterACancelOrTheEndIsIgnored() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let keeper = DemandKeeper<Int, Never>()
    upstream.catch { _ in fallback }.subscribe(keeper)
    upstream.send(completion: .failure(.boom))
    try #require(keeper.subscription).cancel()
    upstream.send(completion: .failure(.boom))
    #expect(fallback.subscriberCount == 1)

    let ended = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    ended.catch { _ in Just(0) }.subscribe(recorder)
    ended.send(completion: .failure(.boom))
    ended.send(completion: .failure(.boom))
    ended.send(completion: .finished)
    ended.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  // OpenCombine's CatchTests.testCatchReceiveValueBeforeSubscription and
  // testTryCatchReceiveValueBeforeSubscription (expected: .crash).
  @Test func aValueBeforeTheSubscriptionStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.catch { _ in Just(-1) }.subscribe(Recorder<Int, Never>())
      upstream.send(1)
    }
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.tryCatch { _ in Just(-1) }.asTestError().subscribe(Recorder<Int, TestError>())
      upstream.send(1)
    }
  }

  // OpenCombine's CatchTests.testCatchReceiveCompletionBeforeSubscription and
  // testTryCatchReceiveCompletionBeforeSubscription, at 1b8a26b: a finish before the subscription
  // reaches nobody.
  @Test func aFinishBeforeTheSubscriptionIsIgnored() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    upstream.catch { _ in Just(-1) }.subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [])
    let tryUpstream = HandDrivenPublisher<Int, TestError>()
    let tryRecorder = Recorder<Int, TestError>()
    tryUpstream.tryCatch { _ in Just(-1) }.asTestError().subscribe(tryRecorder)
    tryUpstream.send(completion: .finished)
    #expect(tryRecorder.events == [])
  }
}
