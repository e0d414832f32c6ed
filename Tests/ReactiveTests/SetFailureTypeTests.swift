import Reactive
import Testing

@Suite struct SetFailureTypeTests {
  @Test func passesEverythingOnUnderTheNewFailureType() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, TestError>()
    subject.setFailureType(to: TestError.self).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test func letsAPublisherThatCannotFailCombineWithOneThatMay() {
    let failing = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    Just(1).setFailureType(to: TestError.self).merge(with: failing).subscribe(recorder)
    failing.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func passesDemandThrough() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.setFailureType(to: TestError.self).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(2))])
  }

  /// As Combine's (OpenCombine's SetFailureTypeTests: testEmpty, testForwardingValues): the
  /// subscriber is given the upstream's own subscription, and the upstream sees a subscriber named
  /// "SetFailureType".
  @Test func handsTheUpstreamsSubscriptionDownstream() {
    let publisher = PassthroughSubject<Int, Never>().setFailureType(to: TestError.self)
    #expect(reflection(of: publisher).description == "PassthroughSubject")
    #expect(publisher.setFailureType(to: MapErrorTests.WrappedError.self).upstream === publisher.upstream)
    let upstream = ManualPublisher<Int, Never>()
    upstream.setFailureType(to: TestError.self).subscribe(Recorder<Int, TestError>())
    #expect(upstream.subscriberDescriptions == ["SetFailureType"])
  }

  /// As Combine's (testDemandSend, testSetFailureTypeReceiveValueBeforeSubscription): the demand a
  /// value returns is the downstream's, and a value after the completion passes on.
  @Test func keepsNoStateOfItsOwn() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>(extra: .max(4))
    upstream.setFailureType(to: TestError.self).subscribe(recorder)
    #expect(upstream.send(1) == .max(4))
    upstream.send(completion: .finished)
    #expect(upstream.send(2) == .max(4))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished), .value(2)])
  }
}

extension SetFailureTypeTests {
  // OpenCombine's SetFailureTypeTests testNoDemand, testCancel and testEmpty (twice applied, the
  // upstream sees one), at 1b8a26b.
  @Test func asksNothingOfItsOwnPassesTheCancelOnAndTwiceAppliedIsOneSubscriber() {
    let silent = ManualPublisher<Int, Never>()
    silent.setFailureType(to: TestError.self).subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.setFailureType(to: Never.self).setFailureType(to: TestError.self).subscribe(recorder)
    recorder.cancel()
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(upstream.subscriberDescriptions == ["SetFailureType"])
  }

  // OpenCombine's SetFailureTypeTests.testSetFailureTypeReflection, at 1b8a26b.
  @Test func theUpstreamSeesItsSubscriberAsSetFailureTypeInAPlaygroundTooWithNoMirrorChildren() throws {
    let upstream = HandDrivenPublisher<Int, Never>()
    upstream.setFailureType(to: TestError.self).subscribe(Recorder<Int, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "SetFailureType")
    #expect(playgroundText(inner) == "SetFailureType")
    #expect(mirrorLabels(inner) == [])
  }
}
