import Reactive
import Testing

@Suite struct PassthroughSubjectTests {
  @Test func deliversValuesThenCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func deliversFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func hasNoReplay() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(1)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func ignoresSendsAndSecondCompletionAfterCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func lateSubscriberGetsOnlyTheCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(1)
    subject.send(completion: .failure(.boom))
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func maxDemandGetsAtMostThatManyValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func dropsValuesSentWithoutDemandAndDeliversLaterOnesOnRequest() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    subject.subscribe(recorder)
    subject.send(1)
    recorder.request(.max(1))
    subject.send(2)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func extraDemandFromEachValueAddsUp() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
  }

  @Test func subscribersReceiveEachValueInSubscriptionOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    for name in ["a", "b", "c", "d"] {
      subject.sink { log.append("\(name)\($0)") }.store(in: &cancellables)
    }
    subject.send(1)
    cancellables[1].cancel()
    subject.sink { log.append("e\($0)") }.store(in: &cancellables)
    subject.send(2)
    #expect(log.value == ["a1", "b1", "c1", "d1", "a2", "c2", "d2", "e2"])
  }

  @Test func cancelledSubscriberReceivesNothingMore() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelFromInsideTheSinkStopsFurtherValues() {
    let subject = PassthroughSubject<Int, Never>()
    let holder = Locked<Recorder<Int, Never>?>(nil)
    let recorder = Recorder<Int, Never> { value in
      if value == 2 { holder.value?.cancel() }
    }
    holder.withLock { $0 = recorder }
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func sendFromInsideTheSinkDeliversAtOnceWithoutDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never> { value in
      if value < 3 { subject.send(value + 1) }
    }
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(10)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(10)])
  }

  @Test func completionFromInsideTheSinkEndsTheStream() {
    let subject = PassthroughSubject<Int, Never>()
    let first = Recorder<Int, Never> { _ in subject.send(completion: .finished) }
    let second = Recorder<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .completion(.finished)])
  }

  @Test func subscribeFromInsideTheSinkGetsOnlyLaterValues() {
    let subject = PassthroughSubject<Int, Never>()
    let late = Recorder<Int, Never>()
    let first = Recorder<Int, Never> { value in
      if value == 1 { subject.subscribe(late) }
    }
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .value(2)])
    #expect(late.events == [.subscription, .value(2)])
  }

  @Test func subscribingASubjectToAPublisherForwardsItsEvents() {
    let source = PassthroughSubject<Int, Never>()
    let relay = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    relay.subscribe(recorder)
    let cancellable = source.subscribe(relay)
    source.send(1)
    cancellable.cancel()
    source.send(2)
    relay.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  @Test func subscribingASubjectToAFinishedPublisherForwardsTheCompletion() {
    let relay = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    relay.subscribe(recorder)
    let cancellable = Just(7).subscribe(relay)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    cancellable.cancel()
  }

  @Test func voidSubjectSendsWithoutArgument() {
    let subject = PassthroughSubject<Void, Never>()
    let count = Locked(0)
    let cancellable = subject.sink { count.withLock { $0 += 1 } }
    subject.send()
    subject.send()
    #expect(count.value == 2)
    cancellable.cancel()
  }
}
