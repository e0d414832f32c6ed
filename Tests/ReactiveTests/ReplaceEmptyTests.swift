import Reactive
import Testing

@Suite struct ReplaceEmptyTests {
  @Test func passesOnTheReplacementWhenUpstreamFinishesEmpty() {
    let recorder = Recorder<Int, Never>()
    Empty<Int, Never>().replaceEmpty(with: 42).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(42), .completion(.finished)])
  }

  @Test func passesValuesOnAsTheyAreAndNoReplacementAfterThem() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.replaceEmpty(with: 22).subscribe(recorder)
    subject.send(2)
    subject.send(4)
    subject.send(completion: .finished)
    subject.send(10)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(.finished)])
  }

  @Test func aFailureIsPassedOnWithoutTheReplacementAndWithoutDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.replaceEmpty(with: 42).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    recorder.request(.unlimited)
    #expect(upstream.send(-1) == .none)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func theReplacementWaitsForTheFirstRequest() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.replaceEmpty(with: 22).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(22), .completion(.finished)])
  }

  @Test func asksUpstreamForEverythingAfterTheDownstreamsFirstRequestAndPassesRequestsOn() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .max(4))
    upstream.replaceEmpty(with: 832).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(42)), .request(.unlimited)])
    #expect(upstream.send(0) == .max(4))
    recorder.request(.max(95))
    recorder.cancel()
    recorder.request(.max(5))
    #expect(
      upstream.subscription.calls == [.request(.max(42)), .request(.unlimited), .request(.max(95)), .cancel])
  }

  @Test func cancelsASecondSubscriptionAndDescribesItselfAsCombineDoes() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.replaceEmpty(with: 1).subscribe(Recorder<Int, TestError>(request: .none))
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "ReplaceEmpty")
    #expect(mirrorLabels(inner) == [])
  }

  @Test func letsGoOfTheDownstreamWhenTheStreamEnds() {
    #expect(releaseCheck(.cancel) { upstream, _ in upstream.replaceEmpty(with: 0) }.downstream)
    #expect(releaseCheck(.finish) { upstream, _ in upstream.replaceEmpty(with: 0) }.downstream)
  }

  // OpenCombine's ReplaceEmptyTests.testImmediateCompletion, at 0239e54 (the version stored): the
  // completions after the one that brought the replacement are ignored, and ask nothing upstream.
  @Test func ignoresTheCompletionsAfterTheReplacement() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.replaceEmpty(with: 33).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.unlimited), .request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(33), .completion(.finished)])
  }

  // OpenCombine's ReplaceEmptyTests.testSendingValueAndThenError, at 0239e54 (the version stored): a
  // value returns the downstream's demand, and a failure after it comes without the replacement.
  @Test func aValueThenAFailureBringNoReplacement() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(1))
    upstream.replaceEmpty(with: 42).subscribe(recorder)
    #expect(upstream.send(8) == .max(1))
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(8), .completion(.failure(.boom))])
  }

  // OpenCombine's ReplaceEmptyTests.testReplaceEmptyReflection, at 0239e54 (the version stored).
  @Test func isReplaceEmptyInAPlaygroundTooWithNoChildren() {
    let reflected = reflection(of: PassthroughSubject<Int, TestError>().replaceEmpty(with: 0))
    #expect(reflected.description == "ReplaceEmpty")
    #expect(reflected.playground == "ReplaceEmpty")
    #expect(reflected.children == [])
  }
}

@Suite struct ReplaceNilTests {
  @Test func replacesEachNilAndUnwrapsTheRest() {
    let recorder = Recorder<Int, Never>()
    let replaced: Publishers.Map<Publishers.Sequence<[Int?], Never>, Int> = [1, nil, 3].publisher.replaceNil(
      with: 0)
    replaced.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(0), .value(3), .completion(.finished)])
  }

  // OpenCombine's ReplaceNilTests testReplaceNilReceiveValueBeforeSubscription,
  // testReplaceNilCompletionBeforeSubscription and testReplaceNilReflection, at 0239e54 (the version
  // stored): replaceNil is a map, which the upstream sees as "Map" with no children; a value and a
  // completion before the subscription are passed on, the value with the downstream's demand.
  @Test func isAMapPassingOnWhatComesBeforeTheSubscription() throws {
    let upstream = HandDrivenPublisher<Int?, Never>()
    let recorder = Recorder<Int, Never>(extra: .max(42))
    upstream.replaceNil(with: 1).subscribe(recorder)
    #expect(upstream.send(nil) == .max(42))
    #expect(upstream.send(0) == .max(42))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.value(1), .value(0), .completion(.finished)])
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "Map")
    #expect(playgroundText(inner) == "Map")
    #expect(mirrorLabels(inner) == [])
  }
}
