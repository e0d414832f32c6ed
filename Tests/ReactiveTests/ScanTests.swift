import Reactive
import Testing

@Suite struct ScanTests {
  @Test func passesOnTheRunningResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.scan(10, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(11), .value(13), .value(16), .completion(.finished)])
  }

  @Test func doesNotEmitTheInitialResultAlone() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<[Int], Never>()
    subject.scan([]) { $0 + [$1] }.subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func eachSubscriptionAccumulatesFromTheInitialResult() {
    let subject = PassthroughSubject<Int, Never>()
    let running = subject.scan(0, +)
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    running.subscribe(first)
    subject.send(5)
    running.subscribe(second)
    subject.send(1)
    #expect(first.events == [.subscription, .value(5), .value(6)])
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.scan(0, +).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }
}
