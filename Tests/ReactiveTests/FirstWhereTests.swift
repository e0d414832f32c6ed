import Reactive
import Testing

@Suite struct FirstWhereTests {
  @Test func passesOnTheFirstMatchingValueThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.first { $0 > 1 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func finishesWithoutAValueWhenNothingMatches() {
    let recorder = Recorder<Int, Never>()
    [1, 2, 3].publisher.first { $0 > 5 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func waitsForTheFirstRequest() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first { _ in true }.subscribe(recorder)
    #expect(upstream.subscription.calls == [])
    recorder.request(.max(1))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func aFailureBeforeAMatchIsPassedOn() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.first { $0 > 5 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().first { _ in true }).description == "TryFirst")
  }

  @Test func letsTheDownstreamAndThePredicateGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.first { _ in withExtendedLifetime(token) { false } }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
