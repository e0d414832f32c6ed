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

extension TryCompactMapTests {
  // OpenCombine's CompactMapTests testTryCompactMapBasicBehavior,
  // testTryCompactMapUpstreamFinishesImmediately and testTryCompactMapUpstreamFinishesWithError, at
  // 1b8a26b: a nil result is answered with one more, a value passed on with the downstream's demand;
  // after the first completion nothing passes, a value is answered with nothing and not transformed.
  @Test func answersANilResultWithOneMoreAndIgnoresEverythingAfterTheCompletion() {
    for first in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = ManualPublisher<String, TestError>()
      let calls = Locked(0)
      let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(4))
      upstream.tryCompactMap { text -> Int? in
        calls.withLock { $0 += 1 }
        return Int(text)
      }.asTestError().subscribe(recorder)
      #expect(
        ["1", "2", "a", "6", "b", "b", "12.4"].map { upstream.send($0) } == [
          .max(4), .max(4), .max(1), .max(4), .max(1), .max(1), .max(1),
        ])
      upstream.send(completion: first)
      upstream.send(completion: .failure(.other))
      #expect(upstream.send("73") == .none)
      upstream.send(completion: .finished)
      #expect(recorder.events == [.subscription, .value(1), .value(2), .value(6), .completion(first)])
      #expect(upstream.subscription.calls == [.request(.max(2))])
      #expect(calls.value == 7)
    }
  }

  // OpenCombine's CompactMapTests.testTryCompactMapFailureBecauseOfThrow, at 1b8a26b.
  @Test func afterAThrowNothingPassesEitherWayAndNothingIsTransformed() throws {
    let upstream = ManualPublisher<String, TestError>()
    let calls = Locked(0)
    let keeper = DemandKeeper<Int, TestError>(request: .max(3), extra: .max(10))
    upstream.tryCompactMap { text -> Int? in
      calls.withLock { $0 += 1 }
      if text == "throw" { throw TestError.boom }
      return Int(text)
    }.asTestError().subscribe(keeper)
    #expect(upstream.send("2") == .max(10))
    #expect(upstream.send("3") == .max(10))
    #expect(upstream.subscription.calls == [.request(.max(3))])
    #expect(upstream.send("throw") == .none)
    #expect(upstream.send("9") == .none)
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.other))
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(1000))
    subscription.cancel()
    #expect(keeper.events == [.subscription, .value(2), .value(3), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    #expect(calls.value == 3)
  }

  // OpenCombine's CompactMapTests testTryCompactMapDemand and testTryCompactMapNoDemand, at 1b8a26b.
  @Test func passesRequestsOnAndOneCancelAfterWhichNothingPasses() throws {
    let silent = ManualPublisher<Int, TestError>()
    silent.tryCompactMap { $0 }.asTestError().subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])

    let upstream = ManualPublisher<String, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(5), extra: .max(3))
    upstream.tryCompactMap { Int($0) }.asTestError().subscribe(keeper)
    #expect(upstream.send("a") == .max(1))
    #expect(upstream.send("1") == .max(3))
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(15))
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(3))
    #expect(upstream.send("8") == .none)
    #expect(upstream.subscription.calls == [.request(.max(5)), .request(.max(15)), .cancel])
    #expect(keeper.events == [.subscription, .value(1)])
  }
}
