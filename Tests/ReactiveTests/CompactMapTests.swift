import Reactive
import Testing

@Suite struct CompactMapTests {
  @Test func passesOnNonNilResults() {
    let subject = PassthroughSubject<String, Never>()
    let recorder = Recorder<Int, Never>()
    subject.compactMap { Int($0) }.subscribe(recorder)
    for text in ["1", "x", "3", ""] { subject.send(text) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func droppedValuesDoNotUseDownstreamDemand() {
    let subject = PassthroughSubject<String, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.compactMap { Int($0) }.subscribe(recorder)
    for text in ["a", "1", "b", "c", "2", "3"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func forwardsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.compactMap { $0 > 1 ? $0 : nil }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(.boom))])
  }
}
