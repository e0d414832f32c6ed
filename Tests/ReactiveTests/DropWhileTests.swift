import Reactive
import Testing

@Suite struct DropWhileTests {
  @Test func leavesValuesOutWhileThePredicateHoldsAndStopsAskingIt() {
    let upstream = ManualPublisher<Int, TestError>()
    let tested = Locked<[Int]>([])
    let recorder = Recorder<Int, TestError>()
    upstream.drop { value in
      tested.append(value)
      return value.isMultiple(of: 2)
    }.subscribe(recorder)
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(4) == .max(1))
    #expect(upstream.send(7) == .none)
    #expect(upstream.send(8) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(7), .value(8), .completion(.finished)])
    #expect(tested.value == [2, 4, 7])
  }

  @Test func passesDemandOnAndAnswersWithTheDownstreamsOnceThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .max(4))
    upstream.drop { $0 == 0 }.subscribe(recorder)
    #expect(upstream.send(0) == .max(1))
    recorder.request(.max(95))
    #expect(upstream.send(3) == .max(4))
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.max(42)), .request(.max(95)), .cancel])
    #expect(reflection(of: upstream.drop { _ in true }).description == "DropWhile")
  }

  @Test func tryDropWhileFailsWithWhatThePredicateThrowsAfterCancellingUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryDrop { value in
      if value == 100 { throw TestError.boom }
      return value.isMultiple(of: 2)
    }.asTestError().subscribe(recorder)
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(100) == .none)
    #expect(upstream.send(9) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(reflection(of: upstream.tryDrop { _ in true }).description == "TryDropWhile")
  }

  @Test func tryDropWhilePassesEverythingOnFromTheFirstValueNotDropped() {
    let recorder = Recorder<Int, TestError>()
    [0, 2, 3, 4, 5].publisher.tryDrop { $0.isMultiple(of: 2) }.asTestError().subscribe(recorder)
    #expect(recorder.values == [3, 4, 5])
  }
}

@Suite struct PrefixWhileTests {
  @Test func passesValuesOnWhileThePredicateHoldsThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(1))
    upstream.prefix { $0 < 3 }.subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(3) == .none)
    upstream.send(0)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(2)), .cancel])
    #expect(reflection(of: upstream.prefix { _ in true }).description == "PrefixWhile")
  }

  @Test func tryPrefixWhileEndsAsPrefixWhileOrFailsWithWhatItThrows() {
    let ended = Recorder<Int, TestError>()
    [1, 2, 5, 1].publisher.tryPrefix { $0 < 3 }.asTestError().subscribe(ended)
    #expect(ended.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    let upstream = ManualPublisher<Int, Never>()
    let failed = Recorder<Int, TestError>()
    upstream.tryPrefix { value in
      if value == 2 { throw TestError.boom }
      return true
    }.asTestError().subscribe(failed)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(failed.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(reflection(of: upstream.tryPrefix { _ in true }).description == "TryPrefixWhile")
  }
}

@Suite struct TryFirstWhereTests {
  @Test func passesOnTheFirstValueSatisfyingAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryFirst { $0.isMultiple(of: 7) }.asTestError().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    for value in 1...6 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription])
    upstream.send(7)
    upstream.send(14)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func theValueWaitsForTheFirstRequest() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, TestError>(request: .none)
    subject.tryFirst { $0 > 1 }.asTestError().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func aThrowCancelsUpstreamAndFails() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryFirst { value in
      if value == 3 { throw TestError.other }
      return false
    }.asTestError().subscribe(recorder)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(reflection(of: upstream.tryFirst { _ in true }).description == "TryFirstWhere")
  }
}

extension DropWhileTests {
  // OpenCombine's DropWhileTests.testDropWhileLifecycle and PrefixWhileTests.testPrefixWhileLifecycle
  // (cancellingSubscriptionReleasesSubscriber: false): Combine's keep their downstream and predicate
  // until they are released.
  @Test func dropWhileAndPrefixWhileKeepTheirDownstreamUntilReleasedAsCombinesDo() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let dropping = keptUntilReleased(ending) { upstream, token in
        upstream.drop { _ in withExtendedLifetime(token) { false } }
      }
      let prefixing = keptUntilReleased(ending) { upstream, token in
        upstream.prefix { _ in withExtendedLifetime(token) { true } }
      }
      for kept in [dropping, prefixing] {
        #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
      }
    }
  }
}

extension DropWhileTests {
  /// `drop(while:)` and `tryDrop(while:)`, each with its Combine name, for the tests both share.
  static var droppers: [(name: String, make: Dropper)] {
    [
      ("DropWhile", { $0.drop(while: $1).eraseToAnyPublisher() }),
      ("TryDropWhile", { $0.tryDrop(while: $1).asTestError().eraseToAnyPublisher() }),
    ]
  }

  typealias Dropper = (ManualPublisher<Int, TestError>, @escaping (Int) -> Bool) -> AnyPublisher<
    Int, TestError
  >

  // OpenCombine's DropWhileTests testDropWhileBasicBehavior, testTryDropWhileBasicBehavior and
  // testTryDropWhileSuccess, at 0239e54, the version stored (1b8a26b not being): a value left out is
  // answered with one more, and after the finish a value is answered with nothing and not passed on.
  @Test func afterTheFinishAValueIsAnsweredWithNothingAndNotPassedOn() {
    for dropper in Self.droppers {
      let upstream = ManualPublisher<Int, TestError>()
      let calls = Locked(0)
      let recorder = Recorder<Int, TestError>()
      dropper.make(upstream) { value in
        calls.withLock { $0 += 1 }
        return value.isMultiple(of: 2)
      }.subscribe(recorder)
      #expect(
        [2, 4, 6, 7, 8, 9].map { upstream.send($0) } == [.max(1), .max(1), .max(1), .none, .none, .none],
        "\(dropper.name)")
      upstream.send(completion: .finished)
      #expect(upstream.send(10) == .none, "\(dropper.name)")
      #expect(
        recorder.events == [.subscription, .value(7), .value(8), .value(9), .completion(.finished)],
        "\(dropper.name)")
      #expect(calls.value == 4, "\(dropper.name)")
    }
  }

  // OpenCombine's DropWhileTests testDropWhileDemand and testTryDropWhileDemand, at 0239e54: every
  // request reaches the upstream, and one cancel; after it, neither a request nor a value passes.
  @Test func passesRequestsOnAndOneCancelAfterWhichNothingPasses() throws {
    for dropper in Self.droppers {
      let upstream = ManualPublisher<Int, TestError>()
      let keeper = DemandKeeper<Int, TestError>(request: .max(42), extra: .max(4))
      dropper.make(upstream) { $0.isMultiple(of: 2) }.subscribe(keeper)
      #expect([upstream.send(0), upstream.send(2)] == [.max(1), .max(1)], "\(dropper.name)")
      let subscription = try #require(keeper.subscription)
      subscription.request(.max(95))
      subscription.request(.max(5))
      #expect(upstream.send(3) == .max(4), "\(dropper.name)")
      subscription.request(.max(121))
      #expect(upstream.send(7) == .max(4), "\(dropper.name)")
      subscription.cancel()
      subscription.cancel()
      subscription.request(.max(50))
      #expect(upstream.send(8) == .none, "\(dropper.name)")
      #expect(
        upstream.subscription.calls == [
          .request(.max(42)), .request(.max(95)), .request(.max(5)), .request(.max(121)), .cancel,
        ], "\(dropper.name)")
      #expect(keeper.events == [.subscription, .value(3), .value(7)], "\(dropper.name)")
    }
  }

  // OpenCombine's DropWhileTests testDropWhileCompletion, testTryDropWhileCompletion and
  // testTryDropWhileFailureOnCompletion, at 0239e54: only the first completion passes, and a value
  // after it is answered with nothing, the predicate not asked.
  @Test func onlyTheFirstCompletionPassesAndNothingAfterIt() {
    for dropper in Self.droppers {
      for first in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        dropper.make(upstream) { _ in
          Issue.record("the predicate was asked after the completion")
          return false
        }.subscribe(recorder)
        upstream.send(completion: first)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.other))
        #expect(upstream.send(2) == .none, "\(dropper.name)")
        #expect(recorder.events == [.subscription, .completion(first)], "\(dropper.name)")
        #expect(upstream.subscription.calls == [.request(.unlimited)], "\(dropper.name)")
      }
    }
  }

  // OpenCombine's DropWhileTests.testTryDropWhileFailureBecauseOfThrow, at 0239e54: after the throw
  // the predicate is not asked again.
  @Test func tryDropWhileAsksThePredicateNothingAfterItThrew() {
    let upstream = ManualPublisher<Int, TestError>()
    let calls = Locked(0)
    let recorder = Recorder<Int, TestError>()
    upstream.tryDrop { value in
      calls.withLock { $0 += 1 }
      if value == 100 { throw TestError.boom }
      return value.isMultiple(of: 2)
    }.asTestError().subscribe(recorder)
    #expect([2, 4, 100, 9, 8].map { upstream.send($0) } == [.max(1), .max(1), .none, .none, .none])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(calls.value == 3)
  }

  // OpenCombine's DropWhileTests testDropWhileReflection and testTryDropWhileReflection, at 0239e54.
  @Test func describeThemselvesInAPlaygroundTooWithNoMirrorChildren() {
    let upstream = PassthroughSubject<Int, Never>()
    for (name, reflected) in [
      ("DropWhile", reflection(of: upstream.drop { _ in true })),
      ("TryDropWhile", reflection(of: upstream.tryDrop { _ in true })),
    ] {
      #expect(reflected.description == name)
      #expect(reflected.playground == name)
      #expect(reflected.children.isEmpty, "\(name)")
    }
  }

  // OpenCombine's DropWhileTests.testTryDropWhileLifecycle (cancellingSubscriptionReleasesSubscriber:
  // false), at 0239e54.
  @Test func tryDropWhileKeepsItsDownstreamUntilReleasedAsCombinesDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryDrop { _ in withExtendedLifetime(token) { false } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }
}

extension PrefixWhileTests {
  /// `prefix(while:)` and `tryPrefix(while:)`, each with its Combine name, for the tests both share.
  static var prefixers: [(name: String, make: DropWhileTests.Dropper)] {
    [
      ("PrefixWhile", { $0.prefix(while: $1).eraseToAnyPublisher() }),
      ("TryPrefixWhile", { $0.tryPrefix(while: $1).asTestError().eraseToAnyPublisher() }),
    ]
  }

  // OpenCombine's PrefixWhileTests testPrefixWhileBasicBehavior and testTryPrefixWhileBasicBehavior,
  // at 0239e54, the version stored (1b8a26b not being): the value that ends the prefix is answered
  // with nothing, and after it values are answered with nothing, the predicate not asked, and the
  // upstream's completions not passed on.
  @Test func afterTheValueThatEndsItNothingPassesAndThePredicateIsNotAsked() {
    for prefixer in Self.prefixers {
      let upstream = ManualPublisher<Int, TestError>()
      let calls = Locked(0)
      let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(4))
      prefixer.make(upstream) { value in
        calls.withLock { $0 += 1 }
        return value < 4
      }.subscribe(recorder)
      #expect(
        (1...6).map { upstream.send($0) } == [.max(4), .max(4), .max(4), .none, .none, .none],
        "\(prefixer.name)")
      upstream.send(completion: .finished)
      upstream.send(completion: .failure(.boom))
      #expect(
        recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)],
        "\(prefixer.name)")
      #expect(upstream.subscription.calls == [.request(.max(2)), .cancel], "\(prefixer.name)")
      #expect(calls.value == 4, "\(prefixer.name)")
    }
  }

  // OpenCombine's PrefixWhileTests testPrefixWhileUpstreamFinishesImmediately,
  // testPrefixWhileUpstreamFinishesWithError and the two TryPrefixWhile ones, at 0239e54.
  @Test func onlyTheFirstCompletionPassesAndNothingAfterIt() {
    for prefixer in Self.prefixers {
      for first in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(10))
        prefixer.make(upstream) { _ in
          Issue.record("the predicate was asked after the completion")
          return true
        }.subscribe(recorder)
        upstream.send(completion: first)
        upstream.send(completion: .failure(.other))
        #expect(upstream.send(73) == .none, "\(prefixer.name)")
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription, .completion(first)], "\(prefixer.name)")
        #expect(upstream.subscription.calls == [.request(.max(3))], "\(prefixer.name)")
      }
    }
  }

  // OpenCombine's PrefixWhileTests testPrefixWhileDemand, testTryPrefixWhileDemand and the two
  // NoDemand tests, at 0239e54: requests reach the upstream, the value that ends the prefix cancels
  // it, and after that neither a request nor a cancel does.
  @Test func passesRequestsOnUntilTheEndAndNothingAfter() throws {
    for prefixer in Self.prefixers {
      let silent = ManualPublisher<Int, TestError>()
      prefixer.make(silent) { _ in true }.subscribe(Recorder<Int, TestError>(request: .none))
      #expect(silent.subscription.calls == [], "\(prefixer.name)")

      let upstream = ManualPublisher<Int, TestError>()
      let keeper = DemandKeeper<Int, TestError>(request: .max(3), extra: .max(2))
      prefixer.make(upstream) { $0.isMultiple(of: 2) }.subscribe(keeper)
      #expect([upstream.send(2), upstream.send(4)] == [.max(2), .max(2)], "\(prefixer.name)")
      let subscription = try #require(keeper.subscription)
      subscription.request(.max(15))
      subscription.request(.max(5))
      #expect(upstream.send(3) == .none, "\(prefixer.name)")
      subscription.request(.max(3))
      subscription.cancel()
      subscription.cancel()
      #expect(
        upstream.subscription.calls == [.request(.max(3)), .request(.max(15)), .request(.max(5)), .cancel],
        "\(prefixer.name)")
      #expect(
        keeper.events == [.subscription, .value(2), .value(4), .completion(.finished)], "\(prefixer.name)")
    }
  }

  // OpenCombine's PrefixWhileTests.testTryPrefixWhileCompletesWithErrorWhenThrown, at 0239e54.
  @Test func tryPrefixWhilePassesNothingEitherWayAfterAThrow() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(3), extra: .max(42))
    upstream.tryPrefix { value in
      if value == 5 { throw TestError.boom }
      return value.isMultiple(of: 2)
    }.asTestError().subscribe(keeper)
    #expect([upstream.send(2), upstream.send(4)] == [.max(42), .max(42)])
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
  }

  // OpenCombine's PrefixWhileTests testPrefixWhileReflection and testTryPrefixWhileReflection, at
  // 0239e54.
  @Test func describeThemselvesInAPlaygroundTooWithTheirDownstreamInTheMirror() {
    let upstream = PassthroughSubject<Int, Never>()
    for (name, reflected) in [
      ("PrefixWhile", reflection(of: upstream.prefix { _ in true })),
      ("TryPrefixWhile", reflection(of: upstream.tryPrefix { _ in true })),
    ] {
      #expect(reflected.description == name)
      #expect(reflected.playground == name)
      #expect(reflected.children == ["downstream"], "\(name)")
    }
  }

  // OpenCombine's PrefixWhileTests.testTryPrefixWhileLifecycle (cancellingSubscriptionReleasesSubscriber:
  // false), at 0239e54.
  @Test func tryPrefixWhileKeepsItsDownstreamUntilReleasedAsCombinesDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryPrefix { _ in withExtendedLifetime(token) { true } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }
}
