import Dispatch
import Reactive
import Testing

@Suite struct DebounceTests {
  @Test func deliversTheLatestValueOneIntervalAfterTheLastOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(2)])
    scheduler.advance(by: .seconds(10))
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func everyValueRestartsTheTimer() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .milliseconds(600))
    subject.send(2)
    scheduler.advance(by: .milliseconds(600))
    subject.send(3)
    scheduler.advance(by: .milliseconds(600))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(400))
    #expect(recorder.events == [.subscription, .value(3)])
    #expect(scheduler.now == testTime(2.2))
  }

  @Test func eachQuietIntervalEndsABurst() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    subject.send(3)
    scheduler.advance(by: .seconds(1))
    subject.send(4)
    subject.send(5)
    subject.send(6)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(6)])
  }

  @Test func completionDropsThePendingValueAndIsForwardedThroughTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .seconds(0))
    #expect(recorder.events == [.subscription, .completion(.finished)])
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func failureIsForwardedAtOnceThroughTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    subject.send(completion: .failure(.boom))
    scheduler.advance(by: .seconds(0))
    subject.send(3)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func cancellingDropsThePendingValue() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.subscription])
  }

  @Test func cancellingCancelsTheUpstream() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let cancels = Locked(0)
    let recorder = Recorder<Int, Never>()
    subject.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } })
      .debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    recorder.cancel()
    #expect(cancels.value == 1)
  }

  @Test func debouncesTheCurrentValueOfACurrentValueSubject() {
    let scheduler = DispatchQueue.test
    let subject = CurrentValueSubject<String, Never>("")
    let recorder = Recorder<String, Never>()
    subject.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)
    for text in ["s", "sh", "sho"] {
      subject.value = text
      scheduler.advance(by: .milliseconds(100))
    }
    subject.value = "shop"
    scheduler.advance(by: .milliseconds(300))
    #expect(recorder.events == [.subscription, .value("shop")])
  }

  @Test func worksOnARealQueue() {
    let queue = DispatchQueue(label: "DebounceTests.real")
    let subject = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let events = Locked<[Event<Int, Never>]>([])
    let cancellable = subject.debounce(for: .milliseconds(500), scheduler: queue).sink(
      receiveCompletion: {
        events.append(.completion($0))
        done.signal()
      },
      receiveValue: {
        events.append(.value($0))
        done.signal()
      })
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(wait(for: done))
    subject.send(completion: .finished)
    #expect(wait(for: done))
    #expect(events.value == [.value(3), .completion(.finished)])
    cancellable.cancel()
  }
}
