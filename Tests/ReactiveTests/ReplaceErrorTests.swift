import Reactive
import Testing

@Suite struct ReplaceErrorTests {
  @Test func replacesAFailureWithOneValueAndFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    subject.replaceError(with: -1).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
  }

  @Test func finishedPassesThroughWithoutTheReplacement() {
    let recorder = Recorder<Int, Never>()
    [1].publisher.setFailureType(to: TestError.self).replaceError(with: -1).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theReplacementWaitsForDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .max(1))
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(-1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  @Test func ignoresEverythingAfterCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>()
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(-1), .completion(.finished)])
  }

  @Test func cancellingDropsAWaitingReplacement() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.replaceError(with: -1).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand at 1b8a26b.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.replaceError(with: 0).subscribe(SubscriptionProbe<Int, Never>())
      upstream.giveSubscription()
      upstream.send(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ReplaceError received a value its subscriber did not request"))
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Int, TestError>().replaceError(with: 0)).description == "ReplaceError"
    )
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.replaceError(with: 0).setFailureType(to: TestError.self)
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
