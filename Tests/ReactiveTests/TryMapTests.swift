import Reactive
import Testing

@Suite struct TryMapTests {
  @Test func transformsEachValueAndFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    subject.tryMap { "<\($0)>" }.asTestError().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("<1>"), .value("<2>"), .completion(.finished)])
  }

  // OpenCombine's MapTests.testTryMapFailureBecauseOfThrow: Combine's tryMap cancels its upstream
  // once and fails, then goes on transforming what still arrives (a value passes on, another throw
  // fails again), and passes on no completion after its end.
  @Test func aThrownErrorCancelsUpstreamAndFailsTheStreamThenGoesOnTransforming() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryMap { value -> Int in
      if value == 2 { throw TestError.other }
      return value * 10
    }.asTestError().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(10), .completion(.failure(.other)), .value(30), .completion(.failure(.other)),
      ])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamFailureIsPassedOnAsAnError() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryMap { $0 }.asTestError().subscribe(recorder)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func passesDemandThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.tryMap { $0 + 1 }.asTestError().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    recorder.request(.max(3))
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(3))])
    #expect(recorder.events == [.subscription, .value(2)])
  }

  // MapTests.testTryMapFailureBecauseOfThrow (a value sent after `.finished` is transformed) and
  // testTryMapCancel: values keep passing after the completion, other completions do not.
  @Test func transformsValuesAfterTheCompletionButPassesNoOtherCompletionAndCancelsASecondSubscription() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryMap { $0 }.asTestError().subscribe(recorder)
    let second = RecordingSubscription()
    upstream.send(subscription: second)
    upstream.send(completion: .finished)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.finished), .value(1)])
    #expect(second.calls == [.cancel])
  }

  @Test func requestAndCancelAfterCancelDoNothing() {
    let upstream = ManualPublisher<Int, TestError>()
    let probe = SubscriptionProbe<Int, any Error>()
    upstream.tryMap { $0 }.subscribe(probe)
    probe.subscription?.cancel()
    probe.subscription?.request(.max(5))
    probe.subscription?.cancel()
    #expect(upstream.subscription.calls == [.cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, Never>().tryMap { $0 })
    #expect(reflected.description == "TryMap")
    #expect(reflected.playground == "TryMap")
    #expect(reflected.children.isEmpty)
  }

  // MapTests.testTryMapLifecycle (cancellingSubscriptionReleasesSubscriber: false): Combine's tryMap
  // keeps its downstream and transform until it is released itself, as the values it still
  // transforms after its end need them.
  @Test func keepsTheDownstreamAndTheTransformAfterTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.tryMap { value in withExtendedLifetime(token) { value } }.asTestError()
      }
      #expect(!released.downstream, "\(ending)")
      #expect(!released.captured, "\(ending)")
    }
  }
}

extension TryMapTests {
  // OpenCombine's MapTests.testTryMapFailureBecauseOfThrow, at 1b8a26b: a throw after the upstream's
  // finish fails the stream once more, the finish itself not passing after the failure; the upstream
  // is cancelled once; each value is answered with the downstream's demand, none after a throw.
  @Test func aThrowAfterTheFinishFailsAgainAndTheUpstreamIsCancelledOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let calls = Locked(0)
    upstream.send(1)
    let recorder = Recorder<Int, TestError>()
    upstream.tryMap { value -> Int in
      calls.withLock { $0 += 1 }
      if value == 100 { throw TestError.boom }
      return value * 2
    }.asTestError().subscribe(recorder)
    let demands = [2, 3, 100, 9, 100].map { upstream.send($0) }
    upstream.send(completion: .finished)
    let last = upstream.send(100)
    #expect(demands + [last] == Array(repeating: .none, count: 6))
    #expect(
      recorder.events == [
        .subscription, .value(4), .value(6), .completion(.failure(.boom)), .value(18),
        .completion(.failure(.boom)), .completion(.failure(.boom)),
      ])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(calls.value == 6)
  }

  // OpenCombine's MapTests.testTryMapCancel, at 1b8a26b.
  @Test func afterACancelAValueIsStillTransformedAndPassedOnButNotTheFinish() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryMap { $0 * 2 }.asTestError().subscribe(recorder)
    recorder.cancel()
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription, .value(2)])
  }

  // OpenCombine's MapTests.testTryMapReceiveSubscriptionTwice, at 1b8a26b.
  @Test func aSecondSubscriptionIsCancelledBeforeAndAfterAThrowWhichCancelsTheFirst() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.tryMap { _ -> Int in throw TestError.boom }.asTestError().subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = HandDrivenSubscription()
    let inner = try #require(upstream.subscriber)
    inner.receive(subscription: second)
    #expect(first.calls == [])
    #expect(second.calls == [.cancel])
    #expect(upstream.send(0) == .none)
    #expect(first.calls == [.cancel])
    inner.receive(subscription: second)
    #expect(second.calls == [.cancel, .cancel])
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  // OpenCombine's MapTests.testTryMapEmpty and testTryMapReflection, at 1b8a26b: the upstream sees
  // its subscriber as "TryMap" too.
  @Test func theUpstreamSeesItsSubscriberAsTryMap() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.tryMap { $0 }.asTestError().subscribe(Recorder<Int, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "TryMap")
    #expect(playgroundText(inner) == "TryMap")
    #expect(mirrorLabels(inner) == [])
  }
}
