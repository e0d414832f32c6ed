import Reactive
import Testing

@Suite struct ReduceTests {
  @Test func combinesEveryValueFromTheInitialResult() {
    let recorder = Recorder<Int, Never>()
    (1...5).publisher.reduce(1, *).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(120), .completion(.finished)])
  }

  @Test func tryReduceCombinesEveryValueWhenNothingThrows() {
    let recorder = Recorder<Int, TestError>()
    (1...5).publisher.tryReduce(1, *).asTestError().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(120), .completion(.finished)])
  }

  @Test func aThrowCancelsUpstreamBeforeTheFailureArrivesAndNothingFollows() {
    let upstream = ManualPublisher<Int, Never>()
    let callsAtFailure = Locked<[RecordingSubscription.Call]>([])
    let recorder = Recorder<Int, TestError>(request: .none)
    let reduced = upstream.tryReduce(1) { result, value in
      if value == 5 { throw TestError.boom }
      return result * value
    }
    reduced.handleEvents(receiveCompletion: { _ in
      callsAtFailure.withLock { $0 = upstream.subscription.calls }
    }).asTestError().subscribe(recorder)
    for value in 1...5 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(callsAtFailure.value == [.request(.unlimited), .cancel])
    upstream.send(6)
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's ReduceTests testReduceReceiveSubscriptionTwice and
  // testTryReduceReceiveSubscriptionTwice, at 1b8a26b: a second subscription is cancelled, and so is
  // it when it comes again after the stream ended, by a finish or by a throw, which cancelled the
  // first.
  @Test func aSubscriptionThatComesAfterTheEndIsCancelled() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.reduce(0, +).subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = HandDrivenSubscription()
    upstream.subscriber?.receive(subscription: second)
    #expect(second.calls == [.cancel])
    #expect(upstream.send(0) == .none)
    upstream.send(completion: .finished)
    upstream.subscriber?.receive(subscription: second)
    #expect(second.calls == [.cancel, .cancel])
    #expect(first.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])

    let throwing = HandDrivenPublisher<Int, TestError>()
    let failed = Recorder<Int, TestError>(request: .max(1))
    throwing.tryReduce(0) { _, _ in throw TestError.boom }.asTestError().subscribe(failed)
    let live = throwing.giveSubscription()
    let extra = HandDrivenSubscription()
    throwing.subscriber?.receive(subscription: extra)
    #expect(throwing.send(0) == .none)
    throwing.send(completion: .finished)
    throwing.subscriber?.receive(subscription: extra)
    #expect(extra.calls == [.cancel, .cancel])
    #expect(live.calls == [.request(.unlimited), .cancel])
    #expect(failed.events == [.subscription, .completion(.failure(.boom))])
  }
}

@Suite struct CountTests {
  @Test func countsTheValuesWhenUpstreamFinishes() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.count().subscribe(recorder)
    subject.send("a")
    subject.send("b")
    #expect(recorder.events == [.subscription])
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
  }
}
