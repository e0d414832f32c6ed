import Reactive
import Testing

@Suite struct MapTests {
  @Test func transformsEachValueAndForwardsCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    subject.map { "<\($0)>" }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(
      recorder.events == [.subscription, .value("<1>"), .value("<2>"), .completion(.failure(.boom))])
  }

  @Test func passesDemandThrough() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.map { $0 + 100 }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(101), .value(102), .value(105)])
  }

  @Test func cancelStopsValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.map { $0 * 2 }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func chainsWithOtherOperators() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>()
    subject.removeDuplicates().map { $0 * 10 }.filter { $0 != 20 }.subscribe(recorder)
    for value in [1, 1, 2, 3, 3] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(0), .value(10), .value(30)])
  }
}

extension MapTests {
  // OpenCombine's MapTests.testNoDemand and testRequestDemandOnSubscribe, at 1b8a26b.
  @Test func asksTheUpstreamNothingOfItsOwnAndPassesTheSubscribersFirstRequestAsItIs() {
    let silent = ManualPublisher<Int, TestError>()
    silent.map { $0 * 2 }.subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])
    let asking = ManualPublisher<Int, TestError>()
    asking.map { $0 * 2 }.subscribe(Recorder<Int, TestError>(request: .max(42)))
    #expect(asking.subscription.calls == [.request(.max(42))])
  }

  // OpenCombine's MapTests.testMapCancel, at 1b8a26b: the cancel reaches the upstream, and what the
  // upstream still sends reaches the downstream, whose demand for it goes back upstream.
  @Test func aCancelReachesTheUpstreamWhoseLaterValuesStillArriveWithTheDownstreamsDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(extra: .max(111))
    upstream.map { $0 * 2 }.subscribe(keeper)
    keeper.subscription?.cancel()
    #expect(upstream.send(1) == .max(111))
    upstream.send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(keeper.events == [.subscription, .value(2), .completion(.finished)])
  }

  // OpenCombine's MapTests.testMapLifecycle (cancellingSubscriptionReleasesSubscriber: true), at
  // 1b8a26b: fed by a subject, map lets its downstream and transform go when the subject fails or
  // finishes and when the downstream cancels, and keeps them while the subscription lasts.
  @Test func fedByASubjectLetsItsDownstreamGoAtEachEndingAndKeepsItWhileTheSubscriptionLasts() {
    for ending in [StreamEnding?.none, .cancel, .finish, .fail] {
      let released = subjectFedReleaseCheck(ending, sending: 31) { subject, token in
        subject.map { value in withExtendedLifetime(token) { value * 2 } }
      }
      #expect(released == (ending != nil, ending != nil), "\(String(describing: ending))")
    }
  }
}
