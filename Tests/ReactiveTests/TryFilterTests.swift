import Reactive
import Testing

@Suite struct TryFilterTests {
  @Test func passesOnTheValuesThatSatisfyThePredicate() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryFilter { $0.isMultiple(of: 2) }.asTestError().subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(.finished)])
  }

  @Test func aValueLeftOutAsksUpstreamForOneMore() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .none)
    upstream.tryFilter { $0 > 1 }.asTestError().subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func aThrownErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryFilter { value in
      if value == 3 { throw TestError.other }
      return true
    }.asTestError().subscribe(recorder)
    for value in 1...4 { upstream.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.other))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamFailureIsPassedOn() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryFilter { _ in true }.asTestError().subscribe(recorder)
    subject.send(completion: .failure(.boom))
    subject.send(1)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).tryFilter { _ in true })
    #expect(reflected.description == "TryFilter")
    #expect(reflected.children == ["downstream"])
  }

  // OpenCombine's FilterTests.testTryFilterLifecycle (cancellingSubscriptionReleasesSubscriber: false).
  @Test func keepsTheDownstreamAndThePredicateUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryFilter { _ in withExtendedLifetime(token) { true } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }
}
