import Reactive
import Testing

@Suite struct TryScanTests {
  @Test func passesOnTheRunningResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryScan(100) { $0 + $1 }.asTestError().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(101), .value(103), .value(106), .completion(.finished)])
  }

  @Test func eachSubscriptionAccumulatesOnItsOwn() {
    let publisher = [1, 2].publisher.tryScan(0) { $0 + $1 }.asTestError()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .value(3), .completion(.finished)])
    #expect(second.events == first.events)
  }

  @Test func aThrownErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryScan(0) { sum, value in
      if sum + value > 3 { throw TestError.other }
      return sum + value
    }.asTestError().subscribe(recorder)
    for value in 1...3 { upstream.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.failure(.other))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func passesDemandThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(1))
    upstream.tryScan(0) { $0 + $1 }.asTestError().subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.subscription.calls == [.request(.max(2))])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).eraseToAnyPublisher().tryScan(0) { $0 + $1 })
    #expect(reflected.description == "TryScan")
    #expect(reflected.children == ["downstream", "status", "result"])
  }

  // OpenCombine's ScanTests.testTryScanSuccess and testTryScanFailureOnCompletion: Combine's tryScan
  // keeps no end for values; after the completion a value is still accumulated and passed on.
  @Test func aValueAfterTheCompletionIsStillAccumulatedAndPassedOnAsCombineDoes() {
    for ending in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = ManualPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>()
      upstream.tryScan(0) { $0 + $1 * 2 }.asTestError().subscribe(recorder)
      upstream.send(completion: ending)
      upstream.send(2)
      upstream.send(completion: .finished)
      #expect(recorder.events == [.subscription, .completion(ending), .value(4)])
    }
  }

  // OpenCombine's ScanTests.testTryScanFailureBecauseOfThrow: the first throw cancels and fails; later
  // values are still passed on with the downstream's demand, and a later throw is answered with none.
  @Test func onlyTheFirstThrowFailsTheStreamAndValuesGoOnAsCombinesDo() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .unlimited, extra: .max(3))
    upstream.tryScan(0) { _, value in
      if value == 100 { throw TestError.other }
      return value * 2
    }.asTestError().subscribe(recorder)
    #expect(upstream.send(2) == .max(3))
    #expect(upstream.send(100) == .none)
    #expect(upstream.send(9) == .max(3))
    #expect(upstream.send(100) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(4), .completion(.failure(.other)), .value(18)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's ScanTests.testTryScanCancel: after a cancel values still pass, completions do not.
  @Test func afterACancelValuesStillPassButNoCompletionAsCombinesDo() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .unlimited, extra: .none)
    upstream.tryScan(0) { $0 + $1 * 2 }.asTestError().subscribe(keeper)
    try #require(keeper.subscription).cancel()
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(keeper.events == [.subscription, .value(2)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's ScanTests.testTryScanLifecycle (cancellingSubscriptionReleasesSubscriber: false).
  @Test func keepsTheDownstreamAndTheClosureUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, token in
        upstream.tryScan(0) { sum, value in withExtendedLifetime(token) { sum + value } }.asTestError()
      }
      #expect(kept.whileHeld && kept.capturedWhileHeld && kept.afterRelease, "\(ending)")
    }
  }

  // OpenCombine's ScanTests testTryScanReceiveSubscriptionTwice and testTryScanReflection, at
  // 1b8a26b: a second subscription is cancelled, and so is the first when it is sent again; the
  // subscriber is "TryScan" in a playground too.
  @Test func cancelsASecondSubscriptionAndTheFirstSentAgain() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.tryScan(0) { $0 + $1 }.asTestError().subscribe(Recorder<Int, TestError>(request: .none))
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(first.calls == [])
    #expect(second.calls == [.cancel])
    upstream.subscriber?.receive(subscription: first)
    #expect(first.calls == [.cancel])
    #expect(playgroundText(try #require(upstream.subscriber)) == "TryScan")
  }
}
