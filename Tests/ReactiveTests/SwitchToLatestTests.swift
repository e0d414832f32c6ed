import Reactive
import Testing

@Suite struct SwitchToLatestTests {
  @Test func passesOnTheLatestPublishersValuesAndCancelsTheOneBefore() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    first.send(2)
    second.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
    #expect(first.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func finishesOnceUpstreamAndTheLatestPublisherHaveFinished() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .finished)
    inner.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    inner.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func theLatestPublisherGetsTheDemandLeft() {
    let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3))
    upstream.switchToLatest().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    #expect(first.subscription.calls == [.request(.max(3)), .cancel])
    #expect(second.subscription.calls == [.request(.max(2))])
  }

  // OpenCombine's SwitchToLatestTests.testDemand: a value of the latest publisher returns the demand
  // the downstream answered with, which is also counted towards what the next publisher is asked for;
  // nothing is requested on the side.
  @Test func aValueReturnsTheDownstreamsDemandAndTheNextPublisherIsAskedForAllThatIsLeft() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(5))
    upstream.switchToLatest().subscribe(recorder)
    let first = HandDrivenPublisher<Int, TestError>()
    upstream.send(first)
    let firstSubscription = first.giveSubscription()
    #expect(firstSubscription.calls == [])
    recorder.request(.max(1))
    #expect(firstSubscription.calls == [.request(.max(1))])
    first.send(completion: .finished)
    recorder.request(.max(41))
    recorder.request(.max(1))
    #expect(firstSubscription.calls == [.request(.max(1))])
    let second = HandDrivenPublisher<Int, TestError>()
    upstream.send(second)
    let secondSubscription = second.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(43))])
    #expect(second.send(1) == .max(5))
    #expect(second.send(2) == .max(5))
    #expect(secondSubscription.calls == [.request(.max(43))])
    let third = HandDrivenPublisher<Int, TestError>()
    upstream.send(third)
    let thirdSubscription = third.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(43)), .cancel])
    #expect(thirdSubscription.calls == [.request(.max(51))])
    upstream.send(completion: .finished)
    recorder.request(.max(9))
    #expect(thirdSubscription.calls == [.request(.max(51)), .request(.max(9))])
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  // OpenCombine's SwitchToLatestTests.testSwitchToLatestInnerReceiveValueBeforeSubscription.
  @Test func aValueBeforeThePublishersSubscriptionReturnsTheDownstreamsDemand() {
    let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>(request: .unlimited, extra: .max(42))
    upstream.switchToLatest().subscribe(recorder)
    let inner = HandDrivenPublisher<Int, TestError>()
    upstream.send(inner)
    #expect(inner.send(1) == .max(42))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  // OpenCombine's SwitchToLatestTests.testCrashesWhenReceivingUnwantedValueFromNestedPublisher.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ManualPublisher<HandDrivenPublisher<Int, TestError>, TestError>()
      upstream.switchToLatest().subscribe(Recorder<Int, TestError>(request: .none))
      let inner = HandDrivenPublisher<Int, TestError>()
      upstream.send(inner)
      inner.giveSubscription()
      inner.send(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("switchToLatest received a value its subscriber did not request"))
  }

  // OpenCombine's SwitchToLatestTests.testCrashesWhenRequestingZeroFromOuterDemand.
  @Test func aZeroRequestStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = Recorder<Int, TestError>(request: .none)
      ManualPublisher<Just<Int>, TestError>().map { $0.setFailureType(to: TestError.self) }
        .switchToLatest().subscribe(recorder)
      recorder.request(.none)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a subscriber must request at least one value"))
  }

  @Test func aPublishersFailureCancelsUpstream() {
    let upstream = ManualPublisher<Fail<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(Fail(error: .boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamsFailureCancelsTheLatestPublisher() {
    let upstream = PassthroughSubject<ManualPublisher<Int, TestError>, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.switchToLatest().subscribe(recorder)
    upstream.send(inner)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func worksAcrossFailureTypes() {
    let neither = Recorder<Int, Never>()
    Just(Just(1)).switchToLatest().subscribe(neither)
    #expect(neither.events == [.subscription, .value(1), .completion(.finished)])
    let innerFails = Recorder<Int, TestError>()
    Just(Fail<Int, TestError>(error: .boom)).switchToLatest().subscribe(innerFails)
    #expect(innerFails.events == [.subscription, .completion(.failure(.boom))])
    let outerMayFail = Recorder<Int, TestError>()
    Just(Just(2)).setFailureType(to: TestError.self).switchToLatest().subscribe(outerMayFail)
    #expect(outerMayFail.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(
      reflection(of: PassthroughSubject<Just<Int>, Never>().switchToLatest()).description == "SwitchToLatest")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest()
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
