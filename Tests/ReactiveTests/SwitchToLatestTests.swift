import Reactive
import Testing

@Suite struct SwitchToLatestTests {
  @Test func passesOnTheLatestPublishersValuesAndCancelsTheOneBefore() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    first.send(2)
    second.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    #expect(first.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func finishesOnceUpstreamAndTheLatestPublisherHaveFinished() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .finished)
    inner.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theLatestPublisherGetsTheDemandLeft() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3))
    upstream.switchToLatest().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    #expect(first.subscription.calls == [.request(.max(3)), .cancel])
    #expect(second.subscription.calls == [.request(.max(2))])
  }

  @Test func aPublishersFailureCancelsUpstream() {
    let upstream = ManualPublisher<Fail<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(Fail(error: .boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamsFailureCancelsTheLatestPublisher() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func worksAcrossFailureTypes() {
    let neither = Recorder<Int, Never>()
    Just(Just(1)).switchToLatest().subscribe(neither)
    #expect(neither.events == [.subscription, .value(1), .completion(.finished)])
    let innerFails = Recorder<Int, TestError>()
    Just(Fail<Int, TestError>(error: .boom)).switchToLatest().subscribe(innerFails)
    #expect(innerFails.events == [.subscription, .completion(.failure(.boom))])
    let outerMayFail = Recorder<Int, TestError>()
    Just(Just(2)).setFailureType(to: TestError.self).switchToLatest().subscribe(outerMayFail)
    #expect(outerMayFail.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Just<Int>, Never>().switchToLatest()).description == "SwitchToLatest")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest()
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
