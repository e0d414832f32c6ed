import Reactive
import Testing

@Suite struct FilterTests {
  @Test func passesOnlyIncludedValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(.finished)])
  }

  @Test func droppedValuesDoNotUseDownstreamDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...7 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(4)])
  }

  @Test func droppedValuesDoNotUseDemandOfACurrentValueSubject() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.filter { $0 > 2 }.subscribe(recorder)
    subject.send(2)
    subject.send(3)
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(3)])
  }

  @Test func forwardsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.filter { _ in false }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }
}
