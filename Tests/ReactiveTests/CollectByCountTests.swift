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

  @Test func ignoresEverythingAfterCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect(1).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().collect(2)).description == "CollectByCount")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      #expect(releaseCheck(ending) { upstream, _ in upstream.collect(3) }.downstream, "\(ending)")
    }
  }
}
