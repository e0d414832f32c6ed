import Reactive
import Testing

/// What every operator reducing its upstream to one value does, as Combine's do (OpenCombine's
/// `ReduceTests` generic checks, run by its CI against Combine): it hands its subscription downstream,
/// then asks upstream for everything; the result waits for the first request; a failure goes on at
/// once; a second subscription is cancelled; a cancel before the subscription does nothing.
@Suite struct ReducingOperatorTests {
  @Test(arguments: ReducerCase.all)
  func handsOverItsSubscriptionThenAsksUpstreamForEverything(_ reducer: ReducerCase) {
    let upstream = ManualPublisher<Int, TestError>()
    let callsAtSubscription = Locked<[RecordingSubscription.Call]?>(nil)
    let probe = ClosureSubscriber<String, TestError> { _ in
      callsAtSubscription.withLock { $0 = upstream.subscription.calls }
    }
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(probe)
    #expect(callsAtSubscription.value == [])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test(arguments: ReducerCase.all)
  func theResultWaitsForTheFirstRequest(_ reducer: ReducerCase) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .none)
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    for value in [3, 1, 2] { #expect(upstream.send(value) == .none) }
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    recorder.request(.max(1))
    upstream.send(4)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == reducer.history(reducer.resultOf312))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test(arguments: ReducerCase.all)
  func anEmptyUpstreamGivesTheInitialResultOrNone(_ reducer: ReducerCase) {
    let recorder = Recorder<String, TestError>()
    reducer.apply(Empty().eraseToAnyPublisher(), Token()).subscribe(recorder)
    #expect(recorder.events == reducer.history(reducer.resultOfNone))
  }

  @Test(arguments: ReducerCase.all)
  func aFailureIsPassedOnAtOnceWithoutDemandAndEndsTheStream(_ reducer: ReducerCase) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .none)
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    upstream.send(3)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    upstream.send(1)
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test(arguments: ReducerCase.all)
  func cancelsASecondSubscriptionAndKeepsTheFirst(_ reducer: ReducerCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    for value in [3, 1, 2] { upstream.send(value) }
    upstream.send(completion: .finished)
    #expect(recorder.events == reducer.history(reducer.resultOf312))
  }

  // OpenCombine's ReduceTests.testReceiveSubscriptionTwice (at 1b8a26b), which LastTests, CountTests,
  // ComparisonTests, ContainsTests and AllSatisfyTests run: the first subscription sent again once
  // the stream has ended is cancelled too, and nothing reaches the downstream.
  @Test(arguments: ReducerCase.all)
  func theFirstSubscriptionSentAgainAfterTheEndIsCancelled(_ reducer: ReducerCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(1))
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    let first = upstream.giveSubscription()
    for value in [3, 1, 2] { upstream.send(value) }
    upstream.send(completion: .finished)
    upstream.subscriber?.receive(subscription: first)
    #expect(first.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == reducer.history(reducer.resultOf312))
  }

  // OpenCombine's ReduceTests.testUpstreamFinishesImmediatelyWithDemand (at 1b8a26b): a failure and a
  // value after the finish change nothing.
  @Test(arguments: ReducerCase.all)
  func whatFollowsAFinishIsIgnored(_ reducer: ReducerCase) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(1))
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(73) == .none)
    #expect(recorder.events == reducer.history(reducer.resultOfNone))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ReduceTests.testFailureBecauseOfThrow (at 1b8a26b), run by ReduceTests,
  // ComparisonTests, AllSatisfyTests, ContainsTests, LastTests and FirstTests for the `try` forms: the
  // upstream sends 1 to 5 and the closure throws at 3; the upstream is cancelled before the failure
  // reaches a downstream that asked for nothing, and a request after it delivers nothing.
  @Test func aThrowCancelsUpstreamBeforeTheFailureReachesTheDownstream() {
    func check<P: Publisher>(_ name: String, _ make: (ManualPublisher<Int, Never>) -> P)
    where P.Failure == any Error {
      let upstream = ManualPublisher<Int, Never>()
      let callsAtFailure = Locked<[RecordingSubscription.Call]?>(nil)
      let recorder = Recorder<String, TestError>(request: .none)
      make(upstream).asTestError().map { "\($0)" }
        .handleEvents(receiveCompletion: { _ in
          callsAtFailure.withLock { $0 = upstream.subscription.calls }
        })
        .subscribe(recorder)
      for value in 1...5 { #expect(upstream.send(value) == .none, "\(name)") }
      #expect(recorder.events == [.subscription, .completion(.failure(.boom))], "\(name)")
      #expect(callsAtFailure.value == [.request(.unlimited), .cancel], "\(name)")
      recorder.request(.max(1))
      #expect(recorder.events == [.subscription, .completion(.failure(.boom))], "\(name)")
      #expect(upstream.subscription.calls == [.request(.unlimited), .cancel], "\(name)")
    }
    func throwing(at value: Int) throws -> Int {
      if value == 3 { throw TestError.boom }
      return value
    }
    check("tryReduce") { $0.tryReduce(0) { $0 + (try throwing(at: $1)) } }
    check("tryMin(by:)") { $0.tryMin { (try throwing(at: $0)) < (try throwing(at: $1)) } }
    check("tryMax(by:)") { $0.tryMax { (try throwing(at: $0)) < (try throwing(at: $1)) } }
    check("tryAllSatisfy") { $0.tryAllSatisfy { (try throwing(at: $0)) > 0 } }
    check("tryContains(where:)") { $0.tryContains { (try throwing(at: $0)) > 3 } }
    check("tryLast(where:)") { $0.tryLast { (try throwing(at: $0)) < 3 } }
    check("tryFirst(where:)") { $0.tryFirst { (try throwing(at: $0)) > 3 } }
  }

  @Test(arguments: ReducerCase.all)
  func aCancelReachesUpstreamOnceAndNothingFollowsIt(_ reducer: ReducerCase) {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    upstream.send(3)
    recorder.cancel()
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test(arguments: ReducerCase.all)
  func aCancelAfterTheUpstreamFinishedDoesNotReachIt(_ reducer: ReducerCase) throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<String, TestError>()
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(keeper)
    upstream.send(completion: .finished)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test(arguments: ReducerCase.all)
  func aCancelBeforeTheSubscriptionDoesNothing(_ reducer: ReducerCase) throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    let inner = try #require(upstream.subscriber as? any Subscription)
    inner.cancel()
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription])
  }

  @Test(arguments: ReducerCase.all)
  func describesItselfAsCombineDoes(_ reducer: ReducerCase) throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    reducer.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(Recorder<String, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == reducer.name)
    #expect(playgroundText(inner) == reducer.name)
    #expect(mirrorLabels(inner) == ["downstream", "result", "initial", "status"])
    let status = Array(Mirror(reflecting: inner).children).last.map { String(describing: $0.value) }
    #expect(status == "awaitingSubscription")
  }

  @Test(arguments: ReducerCase.all)
  func letsGoOfTheDownstreamAndTheClosuresWhenTheStreamEnds(_ reducer: ReducerCase) {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        reducer.apply(upstream.eraseToAnyPublisher(), Token()).map { value in
          withExtendedLifetime(token) { value }
        }
      }
      #expect(released.downstream)
    }
  }
}

/// A subscriber that runs a closure with the subscription it is given and requests nothing.
final class ClosureSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  private let onSubscription: (any Subscription) -> Void

  init(_ onSubscription: @escaping (any Subscription) -> Void) {
    self.onSubscription = onSubscription
  }

  func receive(subscription: any Subscription) { onSubscription(subscription) }
  func receive(_ input: Input) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Failure>) {}
}

/// One reducing operator, applied to an `Int` upstream, its result shown as text.
struct ReducerCase: @unchecked Sendable, CustomTestStringConvertible {
  /// What Combine's subscription for the operator calls itself.
  let name: String
  /// The result of 3, 1, 2 and `.finished`.
  let resultOf312: String?
  /// The result of an upstream that finishes at once.
  let resultOfNone: String?
  let apply: (AnyPublisher<Int, TestError>, Token) -> AnyPublisher<String, TestError>

  var testDescription: String { name }

  /// The whole history of a subscriber that gets `result` (if any), then `.finished`.
  func history(_ result: String?) -> [Event<String, TestError>] {
    [.subscription] + (result.map { [.value($0)] } ?? []) + [.completion(.finished)]
  }

  private static func make<P: Publisher>(
    _ name: String, _ resultOf312: String?, _ resultOfNone: String?,
    _ apply: @escaping (AnyPublisher<Int, TestError>) -> P
  ) -> ReducerCase where P.Failure == TestError {
    ReducerCase(name: name, resultOf312: resultOf312, resultOfNone: resultOfNone) { upstream, _ in
      apply(upstream).map { "\($0)" }.eraseToAnyPublisher()
    }
  }

  private static func makeTrying<P: Publisher>(
    _ name: String, _ resultOf312: String?, _ resultOfNone: String?,
    _ apply: @escaping (AnyPublisher<Int, TestError>) -> P
  ) -> ReducerCase where P.Failure == any Error {
    ReducerCase(name: name, resultOf312: resultOf312, resultOfNone: resultOfNone) { upstream, _ in
      apply(upstream).asTestError().map { "\($0)" }.eraseToAnyPublisher()
    }
  }

  static let all: [ReducerCase] = [
    make("Reduce", "7", "1") { $0.reduce(1) { $0 + $1 } },
    makeTrying("TryReduce", "7", "1") { $0.tryReduce(1) { $0 + $1 } },
    make("Count", "3", "0") { $0.count() },
    make("Comparison", "1", nil) { $0.min() },
    make("Comparison", "3", nil) { $0.max() },
    make("Comparison", "1", nil) { $0.min(by: <) },
    make("Comparison", "3", nil) { $0.max(by: <) },
    makeTrying("TryComparison", "1", nil) { $0.tryMin(by: <) },
    makeTrying("TryComparison", "3", nil) { $0.tryMax(by: <) },
    make("AllSatisfy", "true", "true") { $0.allSatisfy { $0 > 0 } },
    makeTrying("TryAllSatisfy", "true", "true") { $0.tryAllSatisfy { $0 > 0 } },
    make("Contains", "false", "false") { $0.contains(7) },
    make("ContainsWhere", "false", "false") { $0.contains { $0 > 5 } },
    makeTrying("TryContainsWhere", "false", "false") { $0.tryContains { $0 > 5 } },
    make("Last", "2", nil) { $0.last() },
    make("LastWhere", "1", nil) { $0.last { $0 < 2 } },
    makeTrying("TryLastWhere", "1", nil) { $0.tryLast { $0 < 2 } },
  ]
}
