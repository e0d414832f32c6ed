import Reactive
import Testing

@Suite struct AnySubscriberTests {
  @Test func forwardsEveryEventToTheWrappedSubscriber() {
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    let erased = AnySubscriber(recorder)
    let subject = PassthroughSubject<Int, Never>()
    subject.subscribe(erased)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func returnsTheWrappedSubscribersDemand() {
    let recorder = Recorder<Int, Never>(request: .none, extra: .max(3))
    let erased = AnySubscriber(recorder)
    #expect(erased.receive(1) == .max(3))
  }

  @Test func keepsTheWrappedSubscribersIdentity() {
    let recorder = Recorder<Int, Never>()
    let erased = AnySubscriber(recorder)
    #expect(erased.combineIdentifier == recorder.combineIdentifier)
    #expect(AnySubscriber(erased).combineIdentifier == recorder.combineIdentifier)
  }

  @Test func closuresReceiveEveryEvent() {
    let log = Locked<[Event<Int, TestError>]>([])
    let erased = AnySubscriber<Int, TestError>(
      receiveSubscription: {
        log.append(.subscription)
        $0.request(.max(2))
      },
      receiveValue: {
        log.append(.value($0))
        return .none
      },
      receiveCompletion: { log.append(.completion($0)) })
    let subject = PassthroughSubject<Int, TestError>()
    subject.subscribe(erased)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.boom))
    #expect(log.value == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
  }

  @Test func missingValueClosureAsksForNothingMore() {
    let erased = AnySubscriber<Int, Never>()
    #expect(erased.receive(1) == .none)
    #expect(erased.combineIdentifier != AnySubscriber<Int, Never>().combineIdentifier)
  }

  @Test func wrappingASubjectSendsIntoIt() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    let subscription = RecordingSubscription()
    let erased = AnySubscriber(subject)
    erased.receive(subscription: subscription)
    #expect(erased.receive(1) == .none)
    erased.receive(completion: .finished)
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }
}
