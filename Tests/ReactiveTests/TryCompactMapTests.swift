import Reactive
import Testing

@Suite struct TryCompactMapTests {
  @Test func passesOnTheResultsThatAreNotNil() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryCompactMap { Int($0) }.asTestError().subscribe(recorder)
    for text in ["1", "x", "3"] { subject.send(text) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func aNilResultAsksUpstreamForOneMore() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.tryCompactMap { $0 == 1 ? nil : $0 }.asTestError().subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func aThrownErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryCompactMap { value -> Int? in
      if value == 2 { throw TestError.boom }
      return value
    }.asTestError().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).tryCompactMap { $0 })
    #expect(reflected.description == "TryCompactMap")
    #expect(reflected.children == ["downstream"])
  }

  // OpenCombine's CompactMapTests.testTryCompactMapLifecycle (cancellingSubscriptionReleasesSubscriber:
  // false).
  @Test func keepsTheDownstreamAndTheTransformUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryCompactMap { value in withExtendedLifetime(token) { value } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }
}
