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

extension TryFilterTests {
  // OpenCombine's FilterTests testTryFilterBasicBehavior, testTryFilterUpstreamFinishesImmediately
  // and testTryFilterUpstreamFinishesWithError, at 1b8a26b: a value left out is answered with one
  // more, a value passed on with the downstream's demand; after the first completion nothing passes,
  // a value is answered with nothing and the predicate is not asked.
  @Test func answersAValueLeftOutWithOneMoreAndIgnoresEverythingAfterTheCompletion() {
    for first in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = ManualPublisher<Int, TestError>()
      let calls = Locked(0)
      let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(4))
      upstream.tryFilter { value in
        calls.withLock { $0 += 1 }
        return value.isMultiple(of: 2)
      }.asTestError().subscribe(recorder)
      #expect((1...5).map { upstream.send($0) } == [.max(1), .max(4), .max(1), .max(4), .max(1)])
      upstream.send(completion: first)
      upstream.send(completion: .failure(.other))
      #expect(upstream.send(6) == .none)
      upstream.send(completion: .finished)
      #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(first)])
      #expect(upstream.subscription.calls == [.request(.max(2))])
      #expect(calls.value == 5)
    }
  }

  // OpenCombine's FilterTests.testTryFilterCompletesWithErrorWhenThrown, at 1b8a26b: the value that
  // throws is answered with nothing and cancels the upstream; what comes after, requests and a cancel
  // included, reaches nobody and the predicate is not asked again.
  @Test func afterAThrowNothingPassesEitherWay() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let calls = Locked(0)
    let keeper = DemandKeeper<Int, TestError>(request: .max(3), extra: .max(42))
    upstream.tryFilter { value in
      calls.withLock { $0 += 1 }
      if value == 5 { throw TestError.boom }
      return value.isMultiple(of: 2)
    }.asTestError().subscribe(keeper)
    #expect((1...4).map { upstream.send($0) } == [.max(1), .max(42), .max(1), .max(42)])
    #expect(upstream.subscription.calls == [.request(.max(3))])
    #expect(upstream.send(5) == .none)
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    #expect(upstream.send(6) == .none)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.other))
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(1000))
    subscription.cancel()
    #expect(keeper.events == [.subscription, .value(2), .value(4), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    #expect(calls.value == 5)
  }

  // OpenCombine's FilterTests testTryFilterDemand and testTryFilterNoDemand, at 1b8a26b: the
  // downstream's requests reach the upstream; one cancel does, and after it neither a request nor a
  // value passes.
  @Test func passesRequestsOnAndOneCancelAfterWhichNothingPasses() throws {
    let silent = ManualPublisher<Int, TestError>()
    silent.tryFilter { _ in true }.asTestError().subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])

    let upstream = ManualPublisher<String, TestError>()
    let keeper = DemandKeeper<String, TestError>(request: .max(5), extra: .max(3))
    upstream.tryFilter { Int($0) != nil }.asTestError().subscribe(keeper)
    #expect(upstream.send("a") == .max(1))
    #expect(upstream.send("1") == .max(3))
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(15))
    subscription.request(.max(5))
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(3))
    #expect(upstream.send("8") == .none)
    #expect(
      upstream.subscription.calls == [.request(.max(5)), .request(.max(15)), .request(.max(5)), .cancel])
    #expect(keeper.events == [.subscription, .value("1")])
  }
}
