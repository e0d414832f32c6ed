import Reactive
import Testing

@Suite struct ResultPublisherTests {
  @Test func aSuccessWaitsForDemandThenFinishes() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.success(4).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
  }

  @Test func aFailureIsDeliveredUponSubscription() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.failure(.boom).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func cancellingBeforeTheRequestDeliversNothing() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.Publisher(4).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func isEquatableAndMadeFromEitherCase() {
    #expect(Result<Int, TestError>.Publisher(1) == Result.success(1).publisher)
    #expect(Result<Int, TestError>.Publisher(.boom).result == .failure(.boom))
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Result<Int, TestError>.success(1).publisher)
    #expect(reflected.description == "Once")
    #expect(reflected.children == [nil])
  }

  // OpenCombine's ResultPublisherTests, at 8cf59d6 (the version stored), from here on.
  // testOnceFailure, testFailureCancelOnSubscription: a failure comes with the empty subscription,
  // and even a cancel made as it arrives does not stop the failure.
  @Test func aFailureComesWithTheEmptySubscriptionEvenWhenCancelledAtOnce() {
    #expect(reflection(of: Result<Int, TestError>.failure(.boom).publisher).description == "Empty")
    var completions: [Subscribers.Completion<TestError>] = []
    Result<Int, TestError>.failure(.boom).publisher.subscribe(
      AnySubscriber(
        receiveSubscription: { $0.cancel() }, receiveValue: { _ in .none },
        receiveCompletion: { completions.append($0) }))
    #expect(completions == [.failure(.boom)])
  }

  // testSuccessCancelOnSubscription: a cancel right after the first request cannot take back the
  // value that request delivered.
  @Test func aCancelAfterTheRequestComesAfterTheValue() {
    var events: [String] = []
    Result<Int, TestError>.success(42).publisher.subscribe(
      AnySubscriber(
        receiveSubscription: {
          $0.request(.max(1))
          $0.cancel()
        },
        receiveValue: {
          events.append("\($0)")
          return .none
        }, receiveCompletion: { _ in events.append("finished") }))
    #expect(events == ["42", "finished"])
  }

  // testRecursion, testLifecycle.
  @Test func aRequestFromInsideTheValueDeliversNothingMoreAndACancelLetsTheSubscriberGo() {
    var recorder: Recorder<Int, TestError>?
    recorder = Recorder<Int, TestError>(
      request: .unlimited, onValue: { _ in recorder?.request(.unlimited) })
    Result<Int, TestError>.success(42).publisher.subscribe(recorder!)
    #expect(recorder?.events == [.subscription, .value(42), .completion(.finished)])
    weak var released: Recorder<Int, TestError>?
    do {
      let waiting = Recorder<Int, TestError>(request: .none)
      released = waiting
      Result<Int, TestError>.success(42).publisher.subscribe(waiting)
      waiting.cancel()
    }
    #expect(released == nil)
  }

  // testReflection, testCustomMirror: the subscription dumps as Once with the value as its child.
  @Test func itsSubscriptionDumpsAsOnceWithTheValue() throws {
    let probe = SubscriptionProbe<Int, TestError>()
    Result<Int, TestError>.success(42).publisher.subscribe(probe)
    var dumped = ""
    dump(try #require(probe.subscription), to: &dumped)
    #expect(dumped == "▿ Once #0\n  - 42\n")
    #expect(reflection(of: Result<Int, TestError>.success(42).publisher).playground == "Once")
  }
}
