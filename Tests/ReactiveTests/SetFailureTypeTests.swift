import Reactive
import Testing

@Suite struct SetFailureTypeTests {
  @Test func passesEverythingOnUnderTheNewFailureType() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, TestError>()
    subject.setFailureType(to: TestError.self).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func letsAPublisherThatCannotFailCombineWithOneThatMay() {
    let failing = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    Just(1).setFailureType(to: TestError.self).merge(with: failing).subscribe(recorder)
    failing.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func passesDemandThrough() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.setFailureType(to: TestError.self).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(2))])
  }

  @Test func describesItselfAsCombineDoes() {
    let publisher = PassthroughSubject<Int, Never>().setFailureType(to: TestError.self)
    #expect(reflection(of: publisher).description == "SetFailureType")
    #expect(publisher.setFailureType(to: MapErrorTests.WrappedError.self).upstream === publisher.upstream)
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.replaceError(with: 0).setFailureType(to: TestError.self)
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
