import Reactive
import Testing

extension TryFirstWhereTests {
  // Combine asks upstream for everything at once, tests nothing after the match and holds it until
  // the downstream asks (OpenCombine's FirstTests.testTryFirstWhereDemand, at 0239e54).
  @Test func asksUpstreamForEverythingAtOnceAndHoldsTheMatchUntilAsked() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    let tested = Locked(0)
    upstream.tryFirst {
      tested.withLock { $0 += 1 }
      return $0 > 1
    }.asTestError().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    for value in 0...3 { #expect(upstream.send(value) == .none) }
    #expect(tested.value == 3)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    recorder.request(.unlimited)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // The upstream is cancelled before the failure reaches the downstream, which gets it without
  // asking (OpenCombine's FirstTests.testTryFirstWhereFinishesWhenErrorThrown, at 0239e54).
  @Test func aThrowCancelsUpstreamThenFailsTheStreamAndNothingFollows() {
    let upstream = ManualPublisher<Int, TestError>()
    let callsAtFailure = Locked<[RecordingSubscription.Call]?>(nil)
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.tryFirst { value in
      if value == 3 { throw TestError.boom }
      return value > 3
    }
    .asTestError()
    .handleEvents(receiveCompletion: { _ in callsAtFailure.withLock { $0 = upstream.subscription.calls } })
    .subscribe(recorder)
    for value in 1...5 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(callsAtFailure.value == [.request(.unlimited), .cancel])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }
}
