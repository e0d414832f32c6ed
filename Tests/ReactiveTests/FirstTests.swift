import Reactive
import Testing

@Suite struct FirstTests {
  @Test func passesOnTheFirstValueThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.first().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // Combine asks upstream for everything as soon as it is subscribed, whatever the downstream asks,
  // and holds the first value until the downstream asks for it (OpenCombine's
  // FirstTests.testFirstDemand and testFirstRequestsUnlimitedThenSendsSubscription).
  @Test func asksUpstreamForEverythingAsSoonAsItIsSubscribed() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func theFirstValueWaitsForTheDownstreamToAsk() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    recorder.request(.unlimited)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func aValueSentBeforeTheDownstreamAsksIsNotLost() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    subject.first().subscribe(recorder)
    subject.send(1)
    recorder.request(.max(1))
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func aFailureIsPassedOnWithoutDemandAndNothingFollowsIt() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    let recorder = Recorder<Int, Never>()
    Empty<Int, Never>().first().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aFailureBeforeTheFirstValueIsPassedOn() {
    let recorder = Recorder<Int, TestError>()
    Fail<Int, TestError>(error: .boom).first().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().first()).description == "First")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    #expect(releaseCheck(.cancel) { upstream, _ in upstream.first() }.downstream)
    #expect(releaseCheck(.finish) { upstream, _ in upstream.first() }.downstream)
  }
}
