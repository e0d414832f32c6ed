import Reactive
import Testing

@Suite struct MapErrorTests {
  enum WrappedError: Error, Equatable {
    case wrapped(TestError)
  }

  @Test func convertsTheFailureAndPassesValuesUnchanged() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>()
    subject.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.wrapped(.boom)))])
  }

  @Test func passesFinishedAndDemandThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>(request: .max(1), extra: .max(2))
    upstream.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    #expect(upstream.send(1) == .max(2))
    upstream.send(completion: .finished)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, TestError>().mapError { $0 }).description == "MapError")
  }

  @Test func letsTheDownstreamAndTheTransformGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.mapError { error in withExtendedLifetime(token) { error } }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
