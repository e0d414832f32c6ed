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
