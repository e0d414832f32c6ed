import Reactive
import Testing

@Suite struct RetryTests {
  @Test func subscribesAgainAfterEachFailureThenPassesTheLastOneOn() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(5))
    upstream.retry(2).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.other))
    upstream.send(2)
    upstream.send(completion: .failure(.other))
    upstream.send(3)
    upstream.send(completion: .failure(.boom))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.failure(.boom))])
    #expect(upstream.subscriberCount == 3)
    // Each new subscription is asked for what the downstream requested and did not receive.
    #expect(upstream.subscription.calls == [.request(.max(5)), .request(.max(4)), .request(.max(3))])
  }

  @Test func ignoresEverythingAfterTheStreamEnded() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.retry(0).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .finished)
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  @Test func finishingEndsTheStreamWithoutRetrying() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(4))
    upstream.retry(3).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(upstream.subscriberCount == 2)
    #expect(upstream.subscription.calls == [.request(.max(4)), .request(.max(3))])
  }

  @Test func aNegativeCountRetriesForEver() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.retry(-1).subscribe(recorder)
    for _ in 0..<500 {
      upstream.send(completion: .failure(.boom))
    }
    upstream.send(7)
    #expect(recorder.events == [.subscription, .value(7)])
    #expect(upstream.subscriberCount == 501)
  }

  @Test func demandAValueReturnsIsRequestedFromTheUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(5))
    upstream.retry(1).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.calls == [.request(.max(3)), .request(.max(5))])
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.max(3)), .request(.max(5)), .request(.max(7))])
  }

  @Test func aPublisherThatFailsAtOnceIsRetriedWithoutGrowingTheStack() {
    let attempts = Locked(0)
    let failing = Deferred {
      attempts.withLock { $0 += 1 }
      return Fail<Int, TestError>(error: .boom)
    }
    let recorder = Recorder<Int, TestError>()
    // Retried from inside each subscribe, this many attempts would overflow the stack.
    failing.retry(200_000).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(attempts.value == 200_001)
  }

  @Test func goesOnWithTheFirstAttemptThatSucceeds() {
    let attempts = Locked(0)
    let flaky = Deferred { () -> AnyPublisher<Int, TestError> in
      let attempt = attempts.withLock { count -> Int in
        count += 1
        return count
      }
      guard attempt == 4 else { return Fail(error: .boom).eraseToAnyPublisher() }
      return [10, 20].publisher.setFailureType(to: TestError.self).eraseToAnyPublisher()
    }
    let recorder = Recorder<Int, TestError>()
    flaky.retry(5).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(10), .value(20), .completion(.finished)])
    #expect(attempts.value == 4)
  }

  @Test func cancelCancelsTheUpstreamAndStopsRetrying() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.retry(3).subscribe(recorder)
    recorder.cancel()
    upstream.send(completion: .failure(.boom))
    upstream.send(1)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscriberCount == 1)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func theSubscriptionArrivesWithTheFirstUpstreamSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.retry(1).subscribe(recorder)
    #expect(recorder.events == [])
    let subscription = upstream.giveSubscription()
    #expect(recorder.events == [.subscription])
    #expect(subscription.calls == [.request(.max(2))])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, TestError>().retry(1))
    #expect(reflected.description == "Retry")
    #expect(reflected.playground == "Retry")
    #expect(reflected.children == [])
  }

  /// As Combine's (OpenCombine's testRetryReflection at 1b8a26b): what the retry puts upstream is
  /// reflectable with no children, and describes itself as "Retry" in a playground too.
  @Test func itsUpstreamSubscriberDescribesItselfAsCombinesDoes() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.retry(1).subscribe(Recorder<Int, TestError>())
    let subscriber = try #require(upstream.subscriber)
    #expect(String(describing: subscriber) == "Retry")
    let mirror = (subscriber as? any CustomReflectable)?.customMirror
    #expect(mirror.map { $0.children.count } == 0)
    let playground = (subscriber as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription
    #expect(playground as? String == "Retry")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in upstream.retry(ending == .fail ? 0 : 3) }
      #expect(released.downstream, "\(ending)")
    }
  }

  // OpenCombine's RetryTests.testRetryForever, at 1b8a26b: no count retries for ever, as a negative one.
  @Test func noCountRetriesForEver() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    Publishers.Retry(upstream: upstream, retries: nil).subscribe(recorder)
    for _ in 0..<500 {
      upstream.send(completion: .failure(.boom))
    }
    #expect(upstream.send(0) == .none)
    #expect(recorder.events == [.subscription, .value(0)])
    #expect(upstream.subscriberCount == 501)
    #expect(upstream.subscription.calls == Array(repeating: .request(.max(1)), count: 501))
  }

  // OpenCombine's RetryTests.testCrashesOnUnwantedValue and
  // testRetryReceiveValueBeforeSubscription, at 1b8a26b.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let afterSubscription = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.retry(2).subscribe(SubscriptionProbe<Int, TestError>())
      upstream.giveSubscription()
      upstream.send(-1)
    }
    let message = String(decoding: afterSubscription?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("retry received a value its subscriber did not request"))
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.retry(3).subscribe(SubscriptionProbe<Int, TestError>())
      upstream.send(31)
    }
  }

  // OpenCombine's RetryTests.testSubscriptionRecursion, at 1b8a26b: each new subscription fails as it
  // is made, until the retries are used up; each is asked for the demand.
  @Test func failuresFromInsideEachSubscribeAreRetriedUntilTheCountIsUsedUp() {
    let upstream = HookedPublisher()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.afterSubscribe = { count in
      if count > 1 && count <= 10 { upstream.send(completion: .failure(.boom)) }
    }
    upstream.retry(5).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscribeCount == 1)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == Array(repeating: .request(.max(1)), count: 6))
    #expect(upstream.subscribeCount == 6)
  }

  // OpenCombine's RetryTests.testRecurseAndFinish, at 1b8a26b.
  @Test func aFinishFromInsideARetrysSubscribeEndsTheStream() {
    let upstream = HookedPublisher()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.afterSubscribe = { count in
      guard count > 1 else { return }
      upstream.send(completion: count < 6 ? .failure(.boom) : .finished)
    }
    upstream.retry(5).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.calls == Array(repeating: .request(.max(1)), count: 6))
    #expect(upstream.subscribeCount == 6)
  }

  // OpenCombine's RetryTests.testRecurseAndReceiveValue, at 1b8a26b: a value sent by the new attempt
  // before its subscription reaches the downstream, and the subscription is asked for what is left
  // of the demand with what the value returned.
  @Test func aValueBeforeARetrysSubscriptionIsDeliveredAndCounted() {
    let upstream = HookedPublisher()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(2))
    upstream.beforeSubscribe = { count in
      if count > 1 { #expect(upstream.send(1) == .none) }
    }
    upstream.retry(1).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(3))])
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscription.calls == [.request(.max(3)), .request(.max(4))])
    #expect(upstream.subscribeCount == 2)
  }
}

/// A publisher whose latest subscriber gets the test's events, and which runs a hook, given how many
/// subscribers it has had, before and after handing each its (shared, recording) subscription.
private final class HookedPublisher: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  let subscription = RecordingSubscription()
  var beforeSubscribe: (Int) -> Void = { _ in }
  var afterSubscribe: (Int) -> Void = { _ in }
  private(set) var subscribeCount = 0
  private var latest: AnySubscriber<Int, TestError>?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    subscribeCount += 1
    latest = AnySubscriber(subscriber)
    let count = subscribeCount
    beforeSubscribe(count)
    subscriber.receive(subscription: subscription)
    afterSubscribe(count)
  }

  func send(_ value: Int) -> Subscribers.Demand { latest?.receive(value) ?? .none }

  func send(completion: Subscribers.Completion<TestError>) { latest?.receive(completion: completion) }
}
