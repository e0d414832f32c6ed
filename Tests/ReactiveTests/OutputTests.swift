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

  // OpenCombine's OutputTests.testPrefixOperatorCorrectlyTranslatesToCountableRange,
  // testOutputAtOperatorCorrectlyTranslatesToCountableRange and
  // testOutputInOperatorCorrectlyTranslatesToCountableRange, at 1b8a26b.
  @Test func eachFormTurnsItsArgumentIntoACountableRangeFromZero() {
    let empty = Empty<Void, Never>()
    #expect(empty.prefix(89).range == 0..<89)
    #expect(empty.prefix(.max).range == 0..<Int.max)
    #expect(empty.prefix(0).range == 0..<0)
    #expect(empty.output(at: 89).range == 89..<90)
    #expect(empty.output(in: ..<8).range == 0..<8)
    #expect(empty.output(in: ...8).range == 0..<9)
    #expect(empty.output(in: 8...).range == 8..<Int.max)
    #expect(empty.output(in: Int.max...).range == Int.max..<Int.max)
    #expect(empty.output(in: 4..<5).range == 4..<5)
    #expect(empty.output(in: 4...5).range == 4..<6)
    let asked = AskedRange(12..<14)
    _ = empty.output(in: asked)
    #expect(asked.askedRelativeTo == [0..<Int.max])
  }

  // OpenCombine's OutputTests.testPrefixOperatorCrashesOnNegativeValues,
  // testOutputAtOperatorCrashesOnIntMax, testOutputAtOperatorCrashesOnNegativeValues and
  // testOutputInOperatorCrashesOnNegativeLowerBound, at 1b8a26b.
  @Test func aNegativeLengthOrPositionStopsTheProcess() async {
    await #expect(processExitsWith: .failure) { _ = Empty<Void, Never>().prefix(-1) }
    await #expect(processExitsWith: .failure) { _ = Empty<Void, Never>().output(at: .max) }
    await #expect(processExitsWith: .failure) { _ = Empty<Void, Never>().output(at: -1) }
    await #expect(processExitsWith: .failure) { _ = Empty<Void, Never>().output(in: (-1)...) }
    await #expect(processExitsWith: .failure) {
      _ = Publishers.Output(upstream: Empty<Void, Never>(), range: -1..<4)
    }
  }

  // OpenCombine's OutputTests.testOutputInOperatorCrashesOnNegativeUpperBound and
  // testDirectInitializationCrashesOnNegativeUpperBound, at 1b8a26b. In a debug build such as the
  // tests', Range(uncheckedBounds:) itself stops the process on bounds out of order.
  @Test func aRangeEndingBelowZeroStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      _ = Empty<Void, Never>().output(in: Range(uncheckedBounds: (lower: 1, upper: -1)))
    }
    await #expect(processExitsWith: .failure) {
      _ = Publishers.Output(
        upstream: Empty<Void, Never>(), range: Range(uncheckedBounds: (lower: 1, upper: -1)))
    }
  }

  // OpenCombine's OutputTests.testBasicBehavior, at 1b8a26b: requests are passed upstream as they
  // come, and none after the range is used up; a cancel then does nothing.
  @Test func passesRequestsUpstreamUntilTheRangeIsUsedUp() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .max(42))
    upstream.output(in: 3..<7).subscribe(tracker)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(3) == .max(1))
    #expect(tracker.history == ["subscription(Output)"])
    let downstream = try #require(tracker.subscription)
    downstream.request(.max(31))
    downstream.request(.max(32))
    #expect(callText(subscription.calls) == "request(max(31)), request(max(32))")
    for value in 4...7 { #expect(upstream.send(value) == .max(42)) }
    #expect(upstream.send(8) == .none)
    #expect(upstream.send(9) == .none)
    #expect(
      tracker.history == ["subscription(Output)", "value(4)", "value(5)", "value(6)", "value(7)", "finished"])
    downstream.request(.max(33))
    downstream.cancel()
    #expect(callText(subscription.calls) == "request(max(31)), request(max(32)), cancel")
  }
}

/// A range expression that records what it was asked to be relative to.
private final class AskedRange: RangeExpression {
  let range: Range<Int>
  private(set) var askedRelativeTo: [Range<Int>] = []

  init(_ range: Range<Int>) { self.range = range }

  func relative<C: Collection>(to collection: C) -> Range<Int> where C.Index == Int {
    askedRelativeTo.append(collection.startIndex..<collection.endIndex)
    return range
  }

  func contains(_ element: Int) -> Bool { range.contains(element) }
}
