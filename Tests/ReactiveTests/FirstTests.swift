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

  @Test func theFirstRequestAsksUpstreamForEverythingAndLaterOnesAreNotPassedOn() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    #expect(upstream.subscription.calls == [])
    recorder.request(.max(1))
    recorder.request(.max(1))
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
