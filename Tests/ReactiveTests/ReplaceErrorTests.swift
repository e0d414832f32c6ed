import Reactive
import Testing

@Suite struct ReplaceErrorTests {
  @Test func replacesAFailureWithOneValueAndFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test func finishedPassesThroughWithoutTheReplacement() {
    let recorder = Recorder<Int, Never>()
    [1].publisher.setFailureType(to: TestError.self).replaceError(with: -1).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theReplacementWaitsForDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  @Test func ignoresEverythingAfterCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(-1), .completion(.finished)])
  }

  @Test func cancellingDropsAWaitingReplacement() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand at 1b8a26b.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.replaceError(with: 0).subscribe(SubscriptionProbe<Int, Never>())
      upstream.giveSubscription()
      upstream.send(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ReplaceError received a value its subscriber did not request"))
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Int, TestError>().replaceError(with: 0)).description == "ReplaceError"
    )
  }

  // OpenCombine's ReplaceErrorTests.testReplaceErrorLifecycle (cancellingSubscriptionReleasesSubscriber:
  // false), at 1b8a26b: a cancel leaves the downstream held; so do the completions, as in
  // OpenCombine's code, which passes that test against Combine.
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in
        upstream.replaceError(with: 0).setFailureType(to: TestError.self)
      }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
  }

  // OpenCombine's ReplaceErrorTests.testEmpty, at 1b8a26b.
  @Test func itsSubscriptionIsReplaceError() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, Never>(initial: nil, perValue: .none)
    upstream.replaceError(with: 42).subscribe(tracker)
    upstream.giveSubscription()
    #expect(tracker.history == ["subscription(ReplaceError)"])
  }

  // OpenCombine's ReplaceErrorTests.testSendingErrorWithNoDemandThenFinish and
  // testFailingBeforeDemanding, at 1b8a26b: a finish after the failure is ignored while the
  // replacement waits for demand, and a value after it has been delivered is ignored.
  @Test func theWaitingReplacementOutlastsALaterFinishAndValue() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, Never>(initial: nil, perValue: .max(1))
    upstream.replaceError(with: 42).subscribe(tracker)
    upstream.giveSubscription()
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(tracker.history == ["subscription(ReplaceError)"])
    try #require(tracker.subscription).request(.unlimited)
    #expect(tracker.history == ["subscription(ReplaceError)", "value(42)", "finished"])
    #expect(upstream.send(-1) == .none)
    #expect(tracker.history == ["subscription(ReplaceError)", "value(42)", "finished"])
  }

  // OpenCombine's ReplaceErrorTests.testReceiveCompletionTwice, at 1b8a26b.
  @Test func onlyTheFirstCompletionCounts() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, Never>(initial: .max(1), perValue: .none)
    upstream.replaceError(with: 42).subscribe(tracker)
    upstream.giveSubscription()
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(-1) == .none)
    #expect(tracker.history == ["subscription(ReplaceError)", "finished"])
  }

  // OpenCombine's ReplaceErrorTests.testReceiveSubscriptionTwice, at 1b8a26b: a second subscription
  // is cancelled, before and after the downstream's cancel, which cancels the first.
  @Test func aSecondSubscriptionIsCancelledAndACancelCancelsTheFirst() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, Never>(initial: .max(1), perValue: .none)
    upstream.replaceError(with: 42).subscribe(tracker)
    let first = upstream.giveSubscription()
    let another = HandDrivenSubscription()
    upstream.subscriber?.receive(subscription: another)
    #expect(callText(first.calls) == "request(max(1))")
    #expect(callText(another.calls) == "cancel")
    tracker.subscription?.cancel()
    #expect(callText(first.calls) == "request(max(1)), cancel")
    upstream.subscriber?.receive(subscription: another)
    #expect(callText(another.calls) == "cancel, cancel")
  }

  // OpenCombine's ReplaceErrorTests.testLateSubscription, at 1b8a26b.
  @Test func aRequestMadeAsTheSubscriptionArrivesIsPassedUpstream() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, Never>(initial: .max(10), perValue: .none)
    upstream.replaceError(with: 1).subscribe(tracker)
    #expect(tracker.history.isEmpty)
    let subscription = upstream.giveSubscription()
    #expect(callText(subscription.calls) == "request(max(10))")
    #expect(tracker.history == ["subscription(ReplaceError)"])
  }

  // OpenCombine's ReplaceErrorTests.testReplaceErrorReflection, at 1b8a26b.
  @Test func reflectsWithNoChildrenAndDescribesItselfInAPlaygroundToo() {
    let reflected = reflection(of: PassthroughSubject<Int, TestError>().replaceError(with: 0))
    #expect(reflected.playground == "ReplaceError")
    #expect(reflected.children.isEmpty)
  }
}
