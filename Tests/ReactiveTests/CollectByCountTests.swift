import Reactive
import Testing

@Suite struct CollectByCountTests {
  @Test func passesOnFullArraysThenTheRestBeforeFinishing() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect(2).subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3, 4])])
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished),
      ])
  }

  @Test func eachArrayRequestedAsksUpstreamForCountValues() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .max(1), extra: .max(1))
    upstream.collect(3).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .max(3))
    recorder.request(.max(2))
    #expect(upstream.subscription.calls == [.request(.max(3)), .request(.max(6))])
  }

  @Test func aFailureDropsTheValuesCollectedSoFar() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect(2).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func finishingWithNothingCollectedSendsNoArray() {
    let recorder = Recorder<[Int], Never>()
    [1, 2].publisher.collect(2).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([1, 2]), .completion(.finished)])
  }

  // OpenCombine's CollectByCountTests.testBasicBehavior.
  @Test func asksForCountValuesAnArrayAndAFullArrayReturnsTheDownstreamsDemandInValues() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<[Int], TestError>(request: .max(2), extra: .max(3))
    upstream.collect(4).subscribe(keeper)
    #expect(upstream.subscription.calls == [.request(.max(8))])
    #expect((1...3).map { upstream.send($0) } == [.none, .none, .none])
    #expect(upstream.send(4) == .max(12))
    #expect((5...7).map { upstream.send($0) } == [.none, .none, .none])
    #expect(upstream.send(8) == .max(12))
    upstream.send(9)
    upstream.send(completion: .finished)
    #expect(
      keeper.events == [
        .subscription, .value([1, 2, 3, 4]), .value([5, 6, 7, 8]), .value([9]), .completion(.finished),
      ])
    #expect(upstream.subscription.calls == [.request(.max(8))])
  }

  // OpenCombine's CollectByCountTests.testFinishWithEmptyBuffer and testFailureWithNonEmptyBuffer.
  @Test func passesEveryCompletionOnAndDropsValuesAfterOne() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<[Int], TestError>(extra: .max(3))
    upstream.collect(4).subscribe(keeper)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect((5...8).map { upstream.send($0) } == [.none, .none, .none, .none])
    try #require(keeper.subscription).request(.max(2))
    #expect(keeper.events == [.subscription, .completion(.failure(.boom)), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's CollectByCountTests testFinishWithEmptyBuffer and testFailureWithEmptyBuffer, at
  // 0239e54 (the version stored, 1b8a26b not being): after a full array, each completion passes on,
  // and the values after them are dropped, asking for nothing.
  @Test func afterAFullArrayEachCompletionPassesOnAndLaterValuesAreDropped() throws {
    for completion in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = ManualPublisher<Int, TestError>()
      let keeper = DemandKeeper<[Int], TestError>(extra: .max(3))
      upstream.collect(4).subscribe(keeper)
      #expect((1...4).map { upstream.send($0) } == [.none, .none, .none, .max(12)])
      upstream.send(completion: completion)
      upstream.send(completion: completion)
      #expect((5...8).map { upstream.send($0) } == [.none, .none, .none, .none])
      try #require(keeper.subscription).request(.max(2))
      #expect(
        keeper.events == [
          .subscription, .value([1, 2, 3, 4]), .completion(completion), .completion(completion),
        ])
      #expect(upstream.subscription.calls == [.request(.unlimited)])
    }
  }

  // OpenCombine's CollectByCountTests.testCancelThenFinish and testCancelAlreadyCancelled.
  @Test func aCancelDropsWhatWasCollectedAndACompletionStillPasses() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<[Int], TestError>(extra: .max(3))
    upstream.collect(4).subscribe(keeper)
    upstream.send(1)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    let second = RecordingSubscription()
    upstream.send(subscription: second)
    subscription.request(.max(2))
    subscription.cancel()
    upstream.send(completion: .finished)
    #expect(keeper.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(second.calls == [.cancel])
  }

  // OpenCombine's CollectByCountTests.testCollectByCountReceiveValueBeforeSubscription and
  // testCollectByCountReceiveCompletionBeforeSubscription.
  @Test func aValueBeforeTheSubscriptionIsDroppedAndACompletionPasses() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let keeper = DemandKeeper<[Int], TestError>(extra: .max(42))
    upstream.collect(1).subscribe(keeper)
    #expect(upstream.send(42) == .none)
    upstream.send(completion: .finished)
    #expect(keeper.events == [.completion(.finished)])
  }

  // OpenCombine's CollectByCountTests.testCollectByCountReflection.
  @Test func describesItselfAsCombineDoes() {
    let described = reflection(of: PassthroughSubject<Int, Never>().collect(53))
    #expect(described.description == "CollectByCount")
    #expect(described.playground == "CollectByCount")
    #expect(described.children == ["downstream", "upstreamSubscription", "buffer", "count"])
  }

  // OpenCombine's CollectByCountTests.testCollectByCountReflection, at 0239e54 (the version stored,
  // 1b8a26b not being): the subscriber shows its downstream, an empty buffer and the count, is
  // "CollectByCount" in a playground, and so does the downstream's subscription.
  @Test func itsSubscriberAndSubscriptionShowTheirBufferAndCount() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let probe = SubscriptionProbe<[Int], TestError>()
    upstream.collect(53).subscribe(probe)
    let inner = try #require(upstream.subscriber)
    let values = Mirror(reflecting: inner).children.map { String(describing: $0.value) }
    #expect(values.count == 4)
    #expect(values.first?.contains("SubscriptionProbe") == true)
    #expect(Array(values.suffix(2)) == ["[]", "53"])
    #expect(playgroundText(inner) == "CollectByCount")
    upstream.giveSubscription()
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "CollectByCount")
    #expect(
      Mirror(reflecting: subscription).children.map { String(describing: $0.value) }.suffix(2) == [
        "[]", "53",
      ])
  }

  // OpenCombine's CollectByCountTests.testCollectByCountLifecycle: Combine's keeps its downstream.
  @Test func keepsTheDownstreamAsCombinesDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      #expect(!releaseCheck(ending) { upstream, _ in upstream.collect(3) }.downstream, "\(ending)")
    }
  }
}
