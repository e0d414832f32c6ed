import Dispatch
import Reactive
import Testing

@Suite struct TimerPublisherTests {
  @Test func ticksEveryIntervalOnceConnected() {
    let scheduler = DispatchQueue.test
    let timer = scheduler.timerPublisher(every: .seconds(1))
    let recorder = TimedRecorder<DispatchQueue.SchedulerTimeType, Never>(scheduler)
    timer.subscribe(recorder)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription)])
    let connection = timer.connect()
    scheduler.advance(by: .milliseconds(3500))
    #expect(
      recorder.events == [
        at(0, .subscription), at(3000, .value(testTime(3))), at(4000, .value(testTime(4))),
        at(5000, .value(testTime(5))),
      ])
    connection.cancel()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events.count == 4)
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func autoconnectStartsWithTheFirstSubscriberAndStopsWithTheLast() {
    let scheduler = DispatchQueue.test
    let ticks = scheduler.timerPublisher(every: .milliseconds(250)).autoconnect()
    let recorder = TimedRecorder<DispatchQueue.SchedulerTimeType, Never>(scheduler)
    ticks.subscribe(recorder)
    scheduler.advance(by: .milliseconds(600))
    #expect(recorder.events.map(\.milliseconds) == [0, 250, 500])
    recorder.cancel()
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func aTickThatFindsNoDemandIsDroppedForThatSubscriber() {
    let scheduler = DispatchQueue.test
    let timer = scheduler.timerPublisher(every: .seconds(1))
    let eager = TimedRecorder<DispatchQueue.SchedulerTimeType, Never>(scheduler)
    let frugal = TimedRecorder<DispatchQueue.SchedulerTimeType, Never>(scheduler, request: .max(1))
    timer.subscribe(eager)
    timer.subscribe(frugal)
    let connection = timer.connect()
    scheduler.advance(by: .seconds(2))
    frugal.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(eager.events.map(\.milliseconds) == [0, 1000, 2000, 3000])
    #expect(frugal.events.map(\.milliseconds) == [0, 1000, 3000])
    connection.cancel()
  }

  @Test func connectingTwiceGivesTheSameConnection() {
    let scheduler = DispatchQueue.test
    let timer = scheduler.timerPublisher(every: .seconds(1))
    let first = timer.connect()
    let second = timer.connect()
    let same = (first as AnyObject) === (second as AnyObject)
    #expect(same)
    #expect(scheduler.scheduledCount == 1)
    first.cancel()
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func aCancelledSubscriberIsLetGo() {
    let scheduler = DispatchQueue.test
    let timer = scheduler.timerPublisher(every: .seconds(1))
    let connection = timer.connect()
    weak var weakRecorder: TimedRecorder<DispatchQueue.SchedulerTimeType, Never>?
    do {
      let recorder = TimedRecorder<DispatchQueue.SchedulerTimeType, Never>(scheduler)
      weakRecorder = recorder
      timer.subscribe(recorder)
      scheduler.advance(by: .seconds(1))
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
    connection.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: DispatchQueue.test.timerPublisher(every: .seconds(1))).description == "Timer")
  }
}
