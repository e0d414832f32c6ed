import Reactive
import Testing

@Suite struct CollectTests {
  @Test func passesOnEveryValueAsOneArrayWhenUpstreamFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.events == [.subscription])
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test func anEmptyUpstreamGivesAnEmptyArray() {
    let recorder = Recorder<[Int], Never>()
    Empty<Int, Never>().collect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  @Test func theArrayWaitsForTheFirstRequest() {
    let recorder = Recorder<[Int], Never>(request: .none)
    Empty<Int, Never>().collect().subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([]), .completion(.finished)])
  }

  // Combine asks upstream for everything as soon as it is subscribed, whatever the downstream asks
  // (OpenCombine's ReduceTests.testRequestsUnlimitedThenSendsSubscription, run by CollectTests).
  @Test func asksUpstreamForEverythingAsSoonAsItIsSubscribed() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    upstream.collect().subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func valuesSentBeforeTheDownstreamAsksAreCollected() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    subject.collect().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .completion(.finished)])
  }

  @Test func theArrayWaitsForARequestAfterUpstreamFinished() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .none)
    upstream.collect().subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func aFailureIsPassedOnInsteadOfTheArray() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect().subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func ignoresEverythingAfterCompletionAndASecondSubscription() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect().subscribe(recorder)
    let second = RecordingSubscription()
    upstream.send(subscription: second)
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1]), .completion(.finished)])
    #expect(second.calls == [.cancel])
  }

  @Test func cancellingCancelsUpstreamAndDeliversNothing() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect().subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's CollectTests.testRequestsUnlimitedThenSendsSubscription, at 0239e54 (the version
  // stored, 1b8a26b not being): the downstream has its subscription before upstream is asked.
  @Test func handsOverItsSubscriptionThenAsksUpstreamForEverything() {
    let upstream = ManualPublisher<Int, TestError>()
    let callsAtSubscription = Locked<[RecordingSubscription.Call]?>(nil)
    let probe = ClosureSubscriber<[Int], TestError> { _ in
      callsAtSubscription.withLock { $0 = upstream.subscription.calls }
    }
    upstream.collect().subscribe(probe)
    #expect(callsAtSubscription.value == [])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's CollectTests.testUpstreamFinishesWithError, at 0239e54.
  @Test func aFailureReachesADownstreamThatAskedAndNothingFollowsIt() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .max(3), extra: .max(1))
    upstream.collect().subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.other))
    #expect(upstream.send(73) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's CollectTests testUpstreamFinishesImmediatelyWithDemand and
  // testUpstreamFinishesImmediatelyWithoutDemand, at 0239e54.
  @Test func whatFollowsAFinishIsIgnoredWhetherTheDownstreamAskedOrNot() {
    for request in [Subscribers.Demand.max(1), .none] {
      let upstream = ManualPublisher<Int, TestError>()
      let recorder = Recorder<[Int], TestError>(request: request)
      upstream.collect().subscribe(recorder)
      upstream.send(completion: .finished)
      upstream.send(completion: .failure(.boom))
      #expect(upstream.send(73) == .none)
      let expected: [Event<[Int], TestError>] = [.subscription, .value([]), .completion(.finished)]
      #expect(recorder.events == (request == .none ? [.subscription] : expected), "\(request)")
      recorder.request(.max(1))
      #expect(recorder.events == expected, "\(request)")
      #expect(upstream.subscription.calls == [.request(.unlimited)], "\(request)")
    }
  }

  // OpenCombine's CollectTests.testReceiveSubscriptionTwice, at 0239e54: the upstream sends 0, then
  // finishes, and sends its first subscription again.
  @Test func aSecondSubscriptionIsCancelledAndSoIsTheFirstSentAgainAfterTheEnd() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .max(1))
    upstream.collect().subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = HandDrivenSubscription()
    upstream.subscriber?.receive(subscription: second)
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    #expect(upstream.send(0) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([0]), .completion(.finished)])
    upstream.subscriber?.receive(subscription: second)
    upstream.subscriber?.receive(subscription: first)
    #expect(second.calls == [.cancel, .cancel])
    #expect(first.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription, .value([0]), .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().collect()).description == "Collect")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      #expect(releaseCheck(ending) { upstream, _ in upstream.collect() }.downstream, "\(ending)")
    }
  }
}
