import Reactive
import Testing

@Suite struct FirstTests {
  @Test func passesOnTheFirstValueThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.first().subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // Combine asks upstream for everything as soon as it is subscribed, whatever the downstream asks,
  // and holds the first value until the downstream asks for it (OpenCombine's
  // FirstTests.testFirstDemand and testFirstRequestsUnlimitedThenSendsSubscription).
  @Test func asksUpstreamForEverythingAsSoonAsItIsSubscribed() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func theFirstValueWaitsForTheDownstreamToAsk() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    recorder.request(.unlimited)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func aValueSentBeforeTheDownstreamAsksIsNotLost() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    subject.first().subscribe(recorder)
    subject.send(1)
    recorder.request(.max(1))
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func aFailureIsPassedOnWithoutDemandAndNothingFollowsIt() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.first().subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    let recorder = Recorder<Int, Never>()
    Empty<Int, Never>().first().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aFailureBeforeTheFirstValueIsPassedOn() {
    let recorder = Recorder<Int, TestError>()
    Fail<Int, TestError>(error: .boom).first().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().first()).description == "First")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    #expect(releaseCheck(.cancel) { upstream, _ in upstream.first() }.downstream)
    #expect(releaseCheck(.finish) { upstream, _ in upstream.first() }.downstream)
  }
}

/// One of `first()`, `first(where:)` and `tryFirst(where:)`, applied to an `Int` upstream.
struct FirstForm: @unchecked Sendable, CustomTestStringConvertible {
  let name: String
  let apply: (AnyPublisher<Int, TestError>) -> AnyPublisher<Int, TestError>

  var testDescription: String { name }

  /// The three forms, each matching values above 2 (`first()` takes any value).
  static let all: [FirstForm] = [
    FirstForm(name: "first()") { $0.first().eraseToAnyPublisher() },
    FirstForm(name: "first(where:)") { $0.first { $0 > 2 }.eraseToAnyPublisher() },
    FirstForm(name: "tryFirst(where:)") { $0.tryFirst { $0 > 2 }.asTestError().eraseToAnyPublisher() },
  ]
}

/// What `first()`, `first(where:)` and `tryFirst(where:)` share with the reducers, as OpenCombine's
/// FirstTests record Combine's (the `ReduceTests` generic checks they run, at 0239e54, the version
/// stored, 1b8a26b not being).
@Suite struct FirstFormsTests {
  // OpenCombine's FirstTests testFirstRequestsUnlimitedThenSendsSubscription and its first(where:)
  // and tryFirst(where:) forms, at 0239e54: the downstream has its subscription before upstream is
  // asked.
  @Test(arguments: FirstForm.all)
  func handsOverItsSubscriptionThenAsksUpstreamForEverything(_ form: FirstForm) {
    let upstream = ManualPublisher<Int, TestError>()
    let callsAtSubscription = Locked<[RecordingSubscription.Call]?>(nil)
    let probe = ClosureSubscriber<Int, TestError> { _ in
      callsAtSubscription.withLock { $0 = upstream.subscription.calls }
    }
    form.apply(upstream.eraseToAnyPublisher()).subscribe(probe)
    #expect(callsAtSubscription.value == [])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's FirstTests testFirstFinishesWithError, testFirstWhereFinishesWithError and
  // testTryFirstWhereFinishesWithError, at 0239e54.
  @Test(arguments: FirstForm.all)
  func aFailureReachesADownstreamThatAskedAndNothingFollowsIt(_ form: FirstForm) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(1))
    form.apply(upstream.eraseToAnyPublisher()).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    upstream.send(completion: .failure(.other))
    #expect(upstream.send(73) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's FirstTests testFirstFinishesImmediatelyWithDemand and its first(where:) and
  // tryFirst(where:) forms, at 0239e54.
  @Test(arguments: FirstForm.all)
  func aFinishBeforeAnyValueReachesADownstreamThatAskedAndNothingFollowsIt(_ form: FirstForm) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    form.apply(upstream.eraseToAnyPublisher()).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(73) == .none)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's FirstTests testFirstFinishesImmediatelyWithoutDemand and its first(where:) and
  // tryFirst(where:) forms, at 0239e54.
  @Test(arguments: FirstForm.all)
  func aFinishBeforeAnyValueWaitsForTheDownstreamToAskAndIgnoresWhatFollows(_ form: FirstForm) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    form.apply(upstream.eraseToAnyPublisher()).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(73) == .none)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's FirstTests testFirstFinishesAndReturnsFirstItem,
  // testFirstWhereFinishesAndReturnsFirstMatchingItem and testTryFirstWhereReturnsFirstMatchingElement,
  // at 0239e54.
  @Test(arguments: FirstForm.all)
  func theMatchReachesADownstreamThatAskedAtOnceAndNothingFollowsIt(_ form: FirstForm) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(5), extra: .max(1))
    form.apply(upstream.eraseToAnyPublisher()).subscribe(recorder)
    #expect(upstream.send(25) == .none)
    #expect(recorder.events == [.subscription, .value(25), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    upstream.send(completion: .finished)
    #expect(upstream.send(73) == .none)
    #expect(recorder.events == [.subscription, .value(25), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's FirstTests testFirstCancelAlreadyCancelled, testFirstWhereCancelAlreadyCancelled
  // and testTryFirstCancelAlreadyCancelled, at 0239e54.
  @Test(arguments: FirstForm.all)
  func aCancelReachesUpstreamOnceAndARequestAfterItAsksNothing(_ form: FirstForm) throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none)
    form.apply(upstream.eraseToAnyPublisher()).subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.request(.unlimited)
    subscription.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(keeper.events == [.subscription])
  }
  // OpenCombine's FirstTests testFirstReceiveSubscriptionTwice, testFirstWhereReceiveSubscriptionTwice
  // and testTryFirstWhereReceiveSubscriptionTwice, at 0239e54: the upstream sends 0, then finishes.
  @Test func aSecondSubscriptionIsCancelledAndSoIsTheFirstSentAgainAfterTheEnd() {
    func check(
      _ name: String, _ expected: [Event<Int, TestError>], cancelsFirst: Bool,
      _ make: (AnyPublisher<Int, TestError>) -> AnyPublisher<Int, TestError>
    ) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>(request: .max(1))
      make(upstream.eraseToAnyPublisher()).subscribe(recorder)
      let first = upstream.giveSubscription()
      #expect(first.calls == [.request(.unlimited)], "\(name)")
      let second = HandDrivenSubscription()
      upstream.subscriber?.receive(subscription: second)
      #expect(first.calls == [.request(.unlimited)], "\(name)")
      #expect(second.calls == [.cancel], "\(name)")
      #expect(recorder.events == [.subscription], "\(name)")
      #expect(upstream.send(0) == .none, "\(name)")
      upstream.send(completion: .finished)
      let firstCalls: [RecordingSubscription.Call] =
        cancelsFirst ? [.request(.unlimited), .cancel] : [.request(.unlimited)]
      #expect(first.calls == firstCalls, "\(name)")
      #expect(recorder.events == expected, "\(name)")
      upstream.subscriber?.receive(subscription: second)
      #expect(first.calls == firstCalls, "\(name)")
      #expect(second.calls == [.cancel, .cancel], "\(name)")
      #expect(recorder.events == expected, "\(name)")
    }
    let early: [Event<Int, TestError>] = [.subscription, .value(0), .completion(.finished)]
    let none: [Event<Int, TestError>] = [.subscription, .completion(.finished)]
    let failed: [Event<Int, TestError>] = [.subscription, .completion(.failure(.boom))]
    check("first()", early, cancelsFirst: true) { $0.first().eraseToAnyPublisher() }
    check("first(where:) false", none, cancelsFirst: false) { $0.first { _ in false }.eraseToAnyPublisher() }
    check("first(where:) true", early, cancelsFirst: true) { $0.first { _ in true }.eraseToAnyPublisher() }
    check("tryFirst(where:) false", none, cancelsFirst: false) {
      $0.tryFirst { _ in false }.asTestError().eraseToAnyPublisher()
    }
    check("tryFirst(where:) true", early, cancelsFirst: true) {
      $0.tryFirst { _ in true }.asTestError().eraseToAnyPublisher()
    }
    check("tryFirst(where:) throwing", failed, cancelsFirst: true) {
      $0.tryFirst { _ in throw TestError.boom }.asTestError().eraseToAnyPublisher()
    }
  }
}
