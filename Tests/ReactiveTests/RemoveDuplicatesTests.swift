import Reactive
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func dropsConsecutiveDuplicatesOnly() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.removeDuplicates().subscribe(recorder)
    for value in [1, 1, 2, 2, 2, 1, 3, 3] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .value(1), .value(3), .completion(.finished),
      ])
  }

  @Test func comparesWithTheCurrentValueOfACurrentValueSubject() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>()
    subject.removeDuplicates().subscribe(recorder)
    subject.value = 0
    subject.value = 1
    subject.value = 1
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
  }

  @Test func byPredicateComparesWithTheLastValueReceivedNotTheLastPassedOn() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.removeDuplicates { abs($0 - $1) < 2 }.subscribe(recorder)
    // 2 is within 1 of 1 and dropped; 3 is then compared with 2 (the last received), so it is
    // dropped too, although it is 2 away from the last value passed on.
    for value in [1, 2, 3, 10, 11, 20] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(10), .value(20)])
  }

  @Test func droppedValuesDoNotUseDownstreamDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.removeDuplicates().subscribe(recorder)
    for value in [1, 1, 1, 2, 2, 3] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func eachSubscriptionStartsWithoutALastValue() {
    let subject = PassthroughSubject<Int, Never>()
    let unique = subject.removeDuplicates()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    unique.subscribe(first)
    subject.send(1)
    unique.subscribe(second)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .value(2)])
    #expect(second.events == [.subscription, .value(1), .value(2)])
  }
}
