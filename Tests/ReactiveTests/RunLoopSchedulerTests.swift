import Foundation
import Reactive
import Testing

extension RunLoop: DateBackedScheduler {}
extension RunLoop.SchedulerTimeType: DateBackedTime {}
extension RunLoop.SchedulerTimeType.Stride: SecondsStride {}

/// Turns the current thread's run loop until `condition` holds, for at most `seconds`; true if it held.
func turnRunLoop(until condition: () -> Bool, seconds: TimeInterval = 5) -> Bool {
  let deadline = Date() + seconds
  while !condition() {
    guard Date() < deadline else { return false }
    _ = RunLoop.current.run(mode: .default, before: min(deadline, Date() + 0.05))
  }
  return true
}

@Suite struct RunLoopSchedulerTests {
  typealias Checks = DateSchedulerTimeChecks<RunLoop>

  @Test func distancesAreSecondsWithoutALimit() { Checks.distancesAreSecondsWithoutALimit() }
  @Test func advancingAddsSecondsToTheDate() { Checks.advancingAddsSecondsToTheDate() }
  @Test func timesAreEqualHashedAndOrderedByDate() { Checks.timesAreEqualHashedAndOrderedByDate() }
  @Test func timeAndStrideEncodeAsCombinesDo() throws { try Checks.timeAndStrideEncodeAsCombinesDo() }
  @Test func strideUnitsAndLiteralsCountSeconds() { Checks.strideUnitsAndLiteralsCountSeconds() }
  @Test func strideArithmeticWorksInSeconds() { Checks.strideArithmeticWorksInSeconds() }
  @Test func everyOtherFigureOfCombinesIsTheSame() { Checks.everyOtherFigureOfCombinesIsTheSame() }
  @Test func nowIsTheCurrentDateAndToleranceIsZero() { Checks.nowIsTheCurrentDate(RunLoop.current) }

  // OpenCombine's RunLoopSchedulerTests.testScheduleActionOnceNow: scheduled from another thread, the
  // action waits for the loop to turn and runs on the loop's thread.
  @Test(.tags(.realClock)) func scheduleRunsInOrderOnTheLoopsThreadWhenItTurns() {
    let loop = RunLoop.current
    let loopThread = Thread.current
    let log = Locked<[Int]>([])
    let onLoopThread = Locked<[Bool]>([])
    let unchecked = UncheckedLoop(loop)
    DispatchQueue.global().sync {
      for index in 1...3 {
        unchecked.loop.schedule {
          log.append(index)
          onLoopThread.append(Thread.current === loopThread)
        }
      }
    }
    #expect(log.value == [])
    #expect(turnRunLoop(until: { log.value.count == 3 }))
    #expect(log.value == [1, 2, 3])
    #expect(onLoopThread.value == [true, true, true])
  }

  // OpenCombine's RunLoopSchedulerTests.testScheduleActionOnceLater.
  @Test(.tags(.realClock)) func scheduleAfterWaitsForItsDate() {
    let loop = RunLoop.current
    let due = loop.now.advanced(by: .milliseconds(150))
    var ranAt: Date?
    loop.schedule(after: due) { ranAt = Date() }
    loop.run(until: Date() + 0.02)
    #expect(ranAt == nil)
    #expect(turnRunLoop(until: { ranAt != nil }))
    #expect(ranAt.map { $0 >= due.date } == true)
  }

  // OpenCombine's RunLoopSchedulerTests.testScheduleRepeating: it repeats until cancelled, then stops.
  @Test(.tags(.realClock)) func repeatingScheduleRepeatsUntilCancelled() {
    let loop = RunLoop.current
    var ticks = 0
    var cancellable: (any Cancellable)?
    cancellable = loop.schedule(after: loop.now, interval: .milliseconds(10)) {
      ticks += 1
      if ticks == 3 { cancellable?.cancel() }
    }
    #expect(turnRunLoop(until: { ticks == 3 }))
    loop.run(until: Date() + 0.05)
    #expect(ticks == 3)
    cancellable = nil
  }

  // OpenCombine's RunLoopSchedulerTests.testScheduleRepeating, at b6070db, the version stored:
  // scheduled from another thread, the repeating action runs on the loop's thread, not before the loop
  // turns, its first run no earlier than its date and each later one no earlier than an interval on.
  @Test(.tags(.realClock)) func repeatingScheduleFromAnotherThreadKeepsItsCadenceOnTheLoopsThread() {
    let loop = RunLoop.current
    let loopThread = Thread.current
    let due = loop.now.advanced(by: .milliseconds(50))
    let ticks = Locked<[(date: Date, onLoopThread: Bool)]>([])
    let unchecked = UncheckedLoop(loop)
    let cancellable = DispatchQueue.global().sync {
      unchecked.loop.schedule(after: due, interval: .milliseconds(30)) {
        ticks.append((Date(), Thread.current === loopThread))
      }
    }
    #expect(ticks.value.isEmpty)
    #expect(turnRunLoop(until: { ticks.value.count >= 4 }))
    cancellable.cancel()
    for (index, tick) in ticks.value.enumerated() {
      #expect(tick.onLoopThread)
      #expect(tick.date.timeIntervalSince(due.date) >= Double(index) * 0.03 - 0.001)
    }
  }
}

/// Hands a run loop to another thread, which may schedule on it (the scheduler's job).
struct UncheckedLoop: @unchecked Sendable {
  let loop: RunLoop
  init(_ loop: RunLoop) { self.loop = loop }
}
