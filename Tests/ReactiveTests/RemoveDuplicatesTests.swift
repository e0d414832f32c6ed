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

  // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesBasicBehavior, at 1b8a26b: a value left
  // out asks the upstream for one more, instead of the downstream's answer; the predicate is asked
  // about each value but the first, with the last value received and the new one.
  @Test func aValueLeftOutAsksTheUpstreamForOneMore() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(4))
    let asked = Locked<Int>(0)
    upstream.removeDuplicates { last, new in
      asked.withLock { $0 += 1 }
      return last >= new
    }.subscribe(recorder)
    upstream.giveSubscription()
    let demands = [1, 2, 2, 50, 30, 10, -1, 51, 52].map { upstream.send($0) }
    #expect(demands == [.max(4), .max(4), .max(1), .max(4), .max(1), .max(1), .max(1), .max(4), .max(4)])
    #expect(recorder.values == [1, 2, 50, 51, 52])
    #expect(asked.value == 8)

    let equatable = HandDrivenPublisher<Int, TestError>()
    let unique = Recorder<Int, TestError>(request: .max(1), extra: .max(4))
    equatable.removeDuplicates().subscribe(unique)
    equatable.giveSubscription()
    let uniqueDemands = [1, 2, 2, 50, 30].map { equatable.send($0) }
    #expect(uniqueDemands == [.max(4), .max(4), .max(1), .max(4), .max(4)])
    #expect(unique.values == [1, 2, 50, 30])
  }

  // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesDemand, at 1b8a26b: each request is
  // passed on as it is made, a cancel once, and nothing after it.
  @Test func passesEachRequestOnAndOneCancel() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(5), extra: .max(3))
    upstream.removeDuplicates().subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(1) == .max(3))
    #expect(upstream.send(1) == .max(1))
    recorder.request(.max(15))
    recorder.request(.max(5))
    recorder.cancel()
    recorder.cancel()
    recorder.request(.max(3))
    #expect(subscription.calls == [.request(.max(5)), .request(.max(15)), .request(.max(5)), .cancel])
  }

  // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesReflection, at 1b8a26b: before any value
  // the mirror's last value is nil.
  @Test func showsNoLastValueInItsMirrorBeforeTheFirst() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.removeDuplicates().subscribe(Recorder<Int, TestError>())
    upstream.giveSubscription()
    let inner = try #require(upstream.subscriber)
    let last = try #require(Mirror(reflecting: inner).children.first { $0.label == "last" })
    #expect(String(describing: last.value) == "nil")
  }

  // OpenCombine's RemoveDuplicatesTests testRemoveDuplicatesUpstreamFinishesImmediately,
  // testRemoveDuplicatesUpstreamFinishesWithError and testRemoveDuplicatesNoDemand, at 1b8a26b (its
  // FilterTests helpers): the first completion passes; what follows is ignored, a value answered with
  // no demand and without asking the predicate, and nothing is asked of the upstream that the
  // downstream did not ask.
  @Test func afterTheCompletionAValueIsAnsweredWithNoDemand() {
    for ending in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>(request: .none, extra: .max(10))
      let asked = Locked<Int>(0)
      upstream.removeDuplicates { _, _ in
        asked.withLock { $0 += 1 }
        return false
      }.subscribe(recorder)
      let subscription = upstream.giveSubscription()
      #expect(subscription.calls == [])
      upstream.send(completion: ending)
      upstream.send(completion: .failure(.other))
      #expect(upstream.send(73) == .none)
      #expect(upstream.send(74) == .none)
      upstream.send(completion: .finished)
      #expect(recorder.events == [.subscription, .completion(ending)], "\(ending)")
      #expect(asked.value == 0)
      #expect(subscription.calls == [])
    }
  }
}
