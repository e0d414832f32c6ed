import Reactive
import Testing

@Suite struct OutputTests {
  @Test func prefixPassesOnTheFirstValuesAndFinishesRightAfterTheLast() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.prefix(2).subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    upstream.send(3)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func prefixOfZeroFinishesOnTheFirstValue() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.prefix(0).subscribe(recorder)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aShortUpstreamFinishesOnItsOwn() {
    let recorder = Recorder<Int, Never>()
    [1, 2].publisher.prefix(5).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func outputInARangeSkipsTheValuesBeforeItWithoutUsingDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(1))
    upstream.output(in: 2...3).subscribe(recorder)
    #expect(upstream.send(10) == .max(1))
    #expect(upstream.send(11) == .max(1))
    #expect(upstream.send(12) == .max(1))
    // The last value returns the downstream's demand, as in OpenCombine's OutputTests.testBasicBehavior.
    #expect(upstream.send(13) == .max(1))
    #expect(recorder.events == [.subscription, .value(12), .value(13), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
  }

  @Test func outputAtPassesOnOneValue() {
    let recorder = Recorder<String, Never>()
    ["a", "b", "c"].publisher.output(at: 1).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("b"), .completion(.finished)])
    #expect(Just(0).prefix(3).range == 0..<3)
    #expect(Just(0).output(at: 4).range == 4..<5)
  }

  @Test func failureBeforeTheEndIsPassedOn() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.prefix(3).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  // OpenCombine's OutputTests.testBasicBehavior: the value that ends the range returns the
  // downstream's demand, and upstream is cancelled before the finish reaches the downstream.
  @Test func theLastValueReturnsTheDownstreamsDemandAndUpstreamIsCancelledBeforeTheFinish() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: .max(1), perValue: .max(42))
    upstream.output(in: 1..<3).subscribe(tracker)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(42))
    #expect(upstream.send(3) == .max(42))
    #expect(upstream.send(4) == .none)
    #expect(tracker.history == ["subscription(Output)", "value(2)", "value(3)", "finished"])
    #expect(callText(subscription.calls) == "request(max(1)), cancel")
  }

  // OpenCombine's OutputTests.testSendValuesAfterCompletion: the positions keep counting after a
  // completion, and values in the range still reach the downstream; no second completion does.
  @Test func valuesInTheRangeStillPassAfterACompletion() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .max(2))
    upstream.output(in: 1..<3).subscribe(tracker)
    let subscription = upstream.giveSubscription()
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(2))
    #expect(upstream.send(3) == .max(2))
    #expect(upstream.send(4) == .none)
    #expect(upstream.send(5) == .none)
    #expect(tracker.history == ["subscription(Output)", "failure", "value(2)", "value(3)"])
    #expect(subscription.calls.isEmpty)
  }

  // OpenCombine's OutputTests.testSendValuesBeforeSubscription: values sent before the subscription
  // are counted and passed on; a completion is not; the subscription is still taken later.
  @Test func valuesBeforeTheSubscriptionAreCountedAndPassedOn() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .max(42))
    upstream.output(in: 1..<3).subscribe(tracker)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(42))
    #expect(upstream.send(3) == .max(42))
    #expect(upstream.send(4) == .none)
    upstream.send(completion: .finished)
    #expect(tracker.history == ["value(2)", "value(3)"])
    upstream.giveSubscription()
    #expect(tracker.history == ["value(2)", "value(3)", "subscription(Output)"])
    #expect(upstream.send(6) == .none)
    upstream.send(completion: .finished)
    #expect(tracker.history == ["value(2)", "value(3)", "subscription(Output)", "finished"])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, Never>().prefix(1))
    #expect(reflected.description == "Output")
    #expect(reflected.playground == "Output")
    #expect(reflected.children.isEmpty)
  }

  // OpenCombine's OutputTests.testOutputLifecycle (cancellingSubscriptionReleasesSubscriber: false).
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in upstream.prefix(5) }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
    let endedByItsLastValue = keptUntilReleased(.cancel) { upstream, _ in upstream.prefix(1) }
    #expect(endedByItsLastValue.whileHeld && endedByItsLastValue.afterRelease)
  }
}
