import Reactive
import Testing

@Suite struct HandleEventsTests {
  private static func observed<P: Publisher>(_ upstream: P, into log: Locked<[String]>)
    -> Publishers.HandleEvents<P>
  {
    upstream.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveOutput: { log.append("output \($0)") },
      receiveCompletion: { log.append("completion \($0)") },
      receiveCancel: { log.append("cancel") },
      receiveRequest: { log.append("request \($0)") })
  }

  @Test func callsEachClosureInEventOrderWithoutChangingEvents() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    Self.observed(subject, into: log).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(
      log.value == [
        "subscription", "request max(1)", "output 1", "request max(1)", "output 2", "request max(1)",
        "completion finished",
      ])
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func callsReceiveCancelOnceAndStopsValues() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, Never>()
    Self.observed(subject, into: log).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    subject.send(2)
    #expect(log.value == ["subscription", "request unlimited", "output 1", "cancel"])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelAfterCompletionIsNotReported() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let cancellable = Self.observed(subject, into: log).sink { _ in }
    subject.send(completion: .finished)
    cancellable.cancel()
    #expect(log.value == ["subscription", "request unlimited", "completion finished"])
  }

  @Test func passesDemandUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.handleEvents().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }
}
