import Reactive
import Testing

@Suite struct CollectTests {
  @Test func passesOnEveryValueAsOneArrayWhenUpstreamFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.events == [.subscription])
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test func anEmptyUpstreamGivesAnEmptyArray() {
    let recorder = Recorder<[Int], Never>()
    Empty<Int, Never>().collect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  @Test func theArrayWaitsForTheFirstRequest() {
    let recorder = Recorder<[Int], Never>(request: .none)
    Empty<Int, Never>().collect().subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  // Combine asks upstream for everything as soon as it is subscribed, whatever the downstream asks
  // (OpenCombine's ReduceTests.testRequestsUnlimitedThenSendsSubscription, run by CollectTests).
  @Test func asksUpstreamForEverythingAsSoonAsItIsSubscribed() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    upstream.collect().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func valuesSentBeforeTheDownstreamAsksAreCollected() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    subject.collect().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test func theArrayWaitsForARequestAfterUpstreamFinished() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    upstream.collect().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func aFailureIsPassedOnInsteadOfTheArray() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func ignoresEverythingAfterCompletionAndASecondSubscription() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect().subscribe(recorder)
    let second = RecordingSubscription()
    upstream.send(subscription: second)
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    #expect(second.calls == [.cancel])
  }

  @Test func cancellingCancelsUpstreamAndDeliversNothing() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect().subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().collect()).description == "Collect")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      #expect(releaseCheck(ending) { upstream, _ in upstream.collect() }.downstream, "\(ending)")
    }
  }
}
