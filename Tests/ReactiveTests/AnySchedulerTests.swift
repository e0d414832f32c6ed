import Dispatch
import Reactive
import Testing

@Suite struct AnySchedulerTests {
  @Test func forwardsToTheWrappedScheduler() {
    let test = DispatchQueue.test
    let scheduler: AnySchedulerOf<DispatchQueue> = test.eraseToAnyScheduler()
    let log = Locked<[String]>([])
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("at 2") }
    let repeating = scheduler.schedule(after: testTime(1), interval: .seconds(2)) {
      log.append("tick")
    }
    #expect(log.value == [])
    test.advance(by: .seconds(3))
    #expect(log.value == ["now", "tick", "at 2", "tick"])
    #expect(scheduler.now == testTime(3))
    repeating.cancel()
    test.advance(by: .seconds(10))
    #expect(log.value == ["now", "tick", "at 2", "tick"])
    #expect(scheduler.minimumTolerance == test.minimumTolerance)
  }

  @Test func drivesOperatorsLikeTheWrappedScheduler() {
    let test = DispatchQueue.test
    let scheduler = AnyScheduler(test)
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    test.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test(.tags(.realClock)) func erasesARealQueue() {
    let scheduler = DispatchQueue(label: "AnySchedulerTests").eraseToAnyScheduler()
    let done = DispatchSemaphore(value: 0)
    scheduler.schedule { done.signal() }
    #expect(wait(for: done))
  }
}
