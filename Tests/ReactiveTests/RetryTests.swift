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
}
