import Reactive
import Testing

@Suite struct MapTests {
  @Test func transformsEachValueAndForwardsCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    subject.map { "<\($0)>" }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(
      recorder.events == [.subscription, .value("<1>"), .value("<2>"), .completion(.failure(.boom))])
  }

  @Test func passesDemandThrough() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.map { $0 + 100 }.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(101), .value(102), .value(105)])
  }

  @Test func cancelStopsValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.map { $0 * 2 }.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func chainsWithOtherOperators() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>()
    subject.removeDuplicates().map { $0 * 10 }.filter { $0 != 20 }.subscribe(recorder)
    for value in [1, 1, 2, 3, 3] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(0), .value(10), .value(30)])
  }
}
