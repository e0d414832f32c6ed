import Reactive
import Testing

@Suite struct TryRemoveDuplicatesTests {
  @Test func dropsValuesThePredicateCallsDuplicates() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryRemoveDuplicates { $0 / 10 == $1 / 10 }.asTestError().subscribe(recorder)
    for value in [1, 5, 12, 18, 3] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(12), .value(3), .completion(.finished)])
  }

  @Test func comparesWithTheValueJustBeforeEvenWhenItWasDropped() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryRemoveDuplicates { $1 - $0 == 1 }.asTestError().subscribe(recorder)
    for value in [1, 2, 3, 5] { subject.send(value) }
    #expect(recorder.values == [1, 5])
  }

  @Test func aDroppedValueAsksUpstreamForOneMore() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.tryRemoveDuplicates(by: ==).asTestError().subscribe(recorder)
    #expect(upstream.send(7) == .none)
    #expect(upstream.send(7) == .max(1))
    #expect(recorder.events == [.subscription, .value(7)])
  }

  @Test func aThrownErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryRemoveDuplicates { _, _ in throw TestError.boom }.asTestError().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: Just(1).eraseToAnyPublisher().tryRemoveDuplicates(by: ==)).description
        == "TryRemoveDuplicates")
  }

  // As removeDuplicates' (OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesLifecycle,
  // cancellingSubscriptionReleasesSubscriber: false).
  @Test func keepsTheDownstreamAndThePredicateUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryRemoveDuplicates { _, _ in withExtendedLifetime(token) { false } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }

  /// As Combine's (OpenCombine's testTryRemoveDuplicatesReflection at 1b8a26b): the subscription
  /// shows its downstream and the last value, `nil` before the first.
  @Test func itsSubscriptionShowsTheDownstreamAndTheLastValue() throws {
    let subject = PassthroughSubject<Int, Never>()
    let probe = SubscriptionProbe<Int, any Error>()
    subject.tryRemoveDuplicates(by: ==).subscribe(probe)
    let subscription = try #require(probe.subscription)
    func children() -> [String] {
      Mirror(reflecting: subscription).children.map { "\($0.label ?? "?"): \($0.value)" }
    }
    #expect(children().map { $0.prefix(11) } == ["downstream:", "last: nil"])
    subscription.request(.unlimited)
    subject.send(4)
    #expect(children().last == "last: Optional(4)")
  }

  // OpenCombine's RemoveDuplicatesTests testTryRemoveDuplicatesBasicBehavior and
  // testTryRemoveDuplicatesDemand, at 1b8a26b: a value left out asks the upstream for one more; the
  // predicate is asked about each value but the first; each request is passed on as it is made, a
  // cancel once, and nothing after it.
  @Test func aValueLeftOutAsksForOneMoreAndRequestsPassAsMade() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(5), extra: .max(4))
    let asked = Locked<Int>(0)
    upstream.tryRemoveDuplicates { last, new in
      asked.withLock { $0 += 1 }
      return last > new
    }.asTestError().subscribe(recorder)
    let subscription = upstream.giveSubscription()
    let demands = [1, 2, 2, 50, 30, 10, -1, 51, 52].map { upstream.send($0) }
    #expect(demands == [.max(4), .max(4), .max(4), .max(4), .max(1), .max(1), .max(1), .max(4), .max(4)])
    #expect(recorder.values == [1, 2, 2, 50, 51, 52])
    #expect(asked.value == 8)
    recorder.request(.max(15))
    recorder.cancel()
    recorder.cancel()
    recorder.request(.max(3))
    #expect(subscription.calls == [.request(.max(5)), .request(.max(15)), .cancel])
  }

  // OpenCombine's RemoveDuplicatesTests.testTryRemoveDuplicatesCompletesWithErrorWhenThrown, at
  // 1b8a26b: after the throw, which cancels the upstream and fails the stream, values are answered
  // with no demand and the predicate is not asked again; completions, requests and cancels that
  // follow go nowhere.
  @Test func afterAThrowThePredicateIsNotAskedAgainAndNothingPasses() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(10))
    let asked = Locked<Int>(0)
    upstream.tryRemoveDuplicates { last, new in
      asked.withLock { $0 += 1 }
      if new == 42 { throw TestError.boom }
      return last == new
    }.asTestError().subscribe(recorder)
    let subscription = upstream.giveSubscription()
    let demands = [1, 2, 2, 1, 3, 3].map { upstream.send($0) }
    #expect(demands == [.max(10), .max(10), .max(1), .max(10), .max(10), .max(1)])
    #expect(upstream.send(42) == .none)
    #expect(upstream.send(42) == .none)
    #expect(upstream.send(43) == .none)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.other))
    recorder.request(.max(1000))
    recorder.cancel()
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .value(1), .value(3), .completion(.failure(.boom)),
      ])
    #expect(subscription.calls == [.request(.max(3)), .cancel])
    #expect(asked.value == 6)
  }
}
