import Reactive
import Testing

@Suite struct CatchTests {
  @Test func goesOnWithThePublisherMadeOfTheFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    subject.catch { error in [error == .boom ? 100 : 200, 300].publisher }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(100), .value(300), .completion(.finished)])
  }

  @Test func finishedPassesThroughWithoutTheHandler() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    var handled = 0
    subject.catch { _ in
      handled += 1
      return Just(0)
    }.subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(handled == 0)
  }

  @Test func demandNotYetMetCarriesOverToTheNewPublisher() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(3))
    upstream.catch { _ in fallback }.subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    #expect(fallback.subscription.calls == [.request(.max(2))])
    recorder.request(.max(4))
    #expect(fallback.subscription.calls == [.request(.max(2)), .request(.max(4))])
    #expect(upstream.subscription.calls == [.request(.max(3))])
  }

  @Test func theNewPublishersFailureEndsTheStream() {
    let recorder = Recorder<Int, TestError>()
    Fail<Int, TestError>(error: .boom).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test func cancelReachesWhicheverPublisherIsCurrent() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>()
    upstream.catch { _ in fallback }.subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    recorder.cancel()
    fallback.send(5)
    #expect(fallback.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
  }

  @Test func ignoresTheOldUpstreamOnceRecovering() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>()
    upstream.catch { _ in fallback }.subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(1)
    upstream.send(completion: .finished)
    fallback.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Int, TestError>().catch { _ in Just(0) }).description == "Catch")
  }

  @Test func letsTheDownstreamAndTheHandlerGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.catch { _ in withExtendedLifetime(token) { Just(0).setFailureType(to: TestError.self) } }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
