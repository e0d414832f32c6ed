import Reactive
import Testing

@Suite struct ShareTests {
  @Test func everySubscriberSharesOneUpstreamSubscription() {
    let upstream = ManualPublisher<Int, TestError>()
    let shared = upstream.share()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    shared.subscribe(first)
    upstream.send(1)
    shared.subscribe(second)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(upstream.subscriberCount == 1)
    #expect(first.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(second.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func aSubscriberAfterCompletionReceivesOnlyTheCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let shared = upstream.share()
    let first = Recorder<Int, TestError>()
    shared.subscribe(first)
    upstream.send(completion: .failure(.boom))
    let late = Recorder<Int, TestError>()
    shared.subscribe(late)
    #expect(late.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscriberCount == 1)
  }

  @Test func whenEverySubscriberHasCancelledUpstreamIsCancelledAndTheNextSubscribesAgain() {
    let upstream = ManualPublisher<Int, TestError>()
    let shared = upstream.share()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    shared.subscribe(first)
    shared.subscribe(second)
    first.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    second.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    shared.subscribe(Recorder<Int, TestError>())
    #expect(upstream.subscriberCount == 2)
  }

  @Test func runsUpstreamWorkOnceForAllSubscribers() {
    var runs = 0
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.map { value -> Int in
      runs += 1
      return value * 2
    }.share()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    shared.subscribe(first)
    shared.subscribe(second)
    subject.send(1)
    #expect(runs == 1)
    #expect(first.values == [2])
    #expect(second.values == [2])
  }

  @Test func isAClassComparedByIdentity() {
    let shared = Just(1).share()
    #expect(shared == shared)
    #expect(shared != Just(1).share())
  }

  // OpenCombine's ShareTests.testBasicBehavior.
  @Test func aSubscriberIsHandedMulticastsSubscriptionAndUpstreamIsAskedForEverythingOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let shared = upstream.share()
    #expect(upstream.subscription.calls == [])
    #expect(reflection(of: shared).description == "Multicast")
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .max(1))
    shared.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
  }

  // OpenCombine's ShareTests.testLateSubscriber.
  @Test func eachSubscriberGetsWhatItAsksForOfWhatComesAfterItJoined() {
    let upstream = ManualPublisher<Int, TestError>()
    let shared = upstream.share()
    let early = Recorder<Int, TestError>(request: .max(3))
    shared.subscribe(early)
    for value in 1...4 { upstream.send(value) }
    let late = Recorder<Int, TestError>(request: .max(2))
    shared.subscribe(late)
    for value in 5...7 { upstream.send(value) }
    upstream.send(completion: .finished)
    let latest = Recorder<Int, TestError>(request: .none)
    shared.subscribe(latest)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(early.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(late.events == [.subscription, .value(5), .value(6), .completion(.finished)])
    #expect(latest.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's ShareTests.testShareReceiveValueBeforeSubscription and
  // testShareCompletionBeforeSubscription.
  @Test func aValueOrCompletionBeforeTheUpstreamsSubscriptionReachesNoSubscriber() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(42))
    upstream.share().subscribe(recorder)
    #expect(upstream.send(0) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    upstream.giveSubscription()
    #expect(upstream.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(1)])
  }
}
