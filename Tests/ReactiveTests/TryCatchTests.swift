import Reactive
import Testing

@Suite struct TryCatchTests {
  @Test func goesOnWithThePublisherMadeOfTheFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryCatch { error in [error == .boom ? 100 : 200, 300].publisher }.asTestError().subscribe(
      recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(100), .value(300), .completion(.finished)])
  }

  // OpenCombine's CatchTests.testTryCatchHandlerThrows: after its handler threw, Combine's tryCatch
  // still hands on the old upstream's values, and no completion or second call of the handler.
  @Test func anErrorTheHandlerThrowsEndsTheStreamButLaterValuesStillPass() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    var handled: [TestError] = []
    upstream.tryCatch { error -> Just<Int> in
      handled.append(error)
      throw TestError.other
    }.asTestError().subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.other)), .value(2)])
    #expect(handled == [.boom])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func finishedPassesThroughWithoutTheHandler() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    var handled = 0
    subject.tryCatch { _ in
      handled += 1
      return Just(0)
    }.asTestError().subscribe(recorder)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(handled == 0)
  }

  @Test func theNewPublishersFailureEndsTheStream() {
    let recorder = Recorder<Int, TestError>()
    Fail<Int, TestError>(error: .boom).tryCatch { _ in Fail<Int, TestError>(error: .other) }.asTestError()
      .subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test func demandNotYetMetCarriesOverToTheNewPublisher() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>(request: .max(12), extra: .max(3))
    upstream.tryCatch { _ in fallback }.asTestError().subscribe(recorder)
    recorder.request(.max(5))
    for value in 1...8 {
      #expect(upstream.send(value) == .max(3))
    }
    upstream.send(completion: .failure(.boom))
    // 12 + 5 requested, 8 received, 8 * 3 more requested by the values.
    #expect(fallback.subscription.calls == [.request(.max(33))])
    #expect(upstream.subscription.calls == [.request(.max(12)), .request(.max(5))])
  }

  // OpenCombine's CatchTests.testTryCatchCancellationAfterRecovering: values the cancelled publisher
  // still sends reach the downstream; its completion does not.
  @Test func cancelReachesWhicheverPublisherIsCurrent() {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryCatch { _ in fallback }.asTestError().subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    recorder.cancel()
    fallback.send(5)
    fallback.send(completion: .finished)
    #expect(fallback.subscription.calls == [.request(.unlimited), .cancel])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(5)])
  }

  // OpenCombine's CatchTests.testTryCatchRequestPendingPost and testTryCatchCancelPendingPost, at
  // 1b8a26b: while the new publisher's subscription is to come, a request adds to what it is asked
  // for, and a cancel does nothing.
  @Test func whileTheNewSubscriptionIsToComeARequestAddsToItsDemandAndACancelDoesNothing() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let fallback = HandDrivenPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(3))
    upstream.tryCatch { _ in fallback }.asTestError().subscribe(keeper)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    try #require(keeper.subscription).request(.max(10))
    #expect(fallback.giveSubscription().calls == [.request(.max(12))])
    #expect(upstream.subscription.calls == [.request(.max(3))])

    let other = ManualPublisher<Int, TestError>()
    let pending = HandDrivenPublisher<Int, TestError>()
    let cancelling = DemandKeeper<Int, TestError>(request: .max(3))
    other.tryCatch { _ in pending }.asTestError().subscribe(cancelling)
    other.send(completion: .failure(.boom))
    try #require(cancelling.subscription).cancel()
    #expect(pending.giveSubscription().calls == [.request(.max(3))])
    pending.send(completion: .finished)
    #expect(cancelling.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's CatchTests.testTryCatchCancellationBeforeRecovering, at 1b8a26b: after a cancel, a
  // request goes nowhere, a value still returns the downstream's demand, and a failure calls no
  // handler.
  @Test func aCancelledTryCatchHandsOnValuesWithTheDownstreamsDemandAndCallsNoHandler() throws {
    let upstream = ManualPublisher<Int, TestError>()
    let handled = Locked(false)
    let keeper = DemandKeeper<Int, TestError>(request: .max(1), extra: .max(3))
    upstream.tryCatch { _ in
      handled.withLock { $0 = true }
      return Just(0)
    }.asTestError().subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.request(.max(199))
    #expect(upstream.send(1) == .max(3))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
    #expect(keeper.events == [.subscription, .value(1)])
    #expect(!handled.value)
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, TestError>().tryCatch { _ in Just(0) })
    #expect(reflected.description == "TryCatch")
    #expect(reflected.playground == "TryCatch")
    #expect(reflected.children == ["downstream", "demand"])
  }

  @Test func letsTheDownstreamAndTheHandlerGoWhenTheStreamEnds() {
    for ending in [StreamEnding.finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.tryCatch { _ in withExtendedLifetime(token) { Just(0) } }.asTestError()
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
    // A cancel lets the handler go and keeps the downstream, for the values Combine still hands it.
    let cancelled = releaseCheck(.cancel) { upstream, token in
      upstream.tryCatch { _ in withExtendedLifetime(token) { Just(0) } }.asTestError()
    }
    #expect(cancelled.captured && !cancelled.downstream)
  }
}
