import Dispatch
import Reactive
import Testing

@Suite struct TestSchedulerTests {
  @Test func runsWorkByDateThenBySchedulingOrder() {
    let scheduler = DispatchQueue.test
    let log = Locked<[String]>([])
    scheduler.schedule(after: testTime(2)) { log.append("b at 2") }
    scheduler.schedule(after: testTime(1)) { log.append("a at 1") }
    scheduler.schedule(after: testTime(2)) { log.append("c at 2") }
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: testTime(1)) { log.append("d at 1") }
    scheduler.run()
    #expect(log.value == ["now", "a at 1", "d at 1", "b at 2", "c at 2"])
  }

  @Test func nowMovesOnlyWhenAdvancedAndIsTheWorksDateWhileItRuns() {
    let scheduler = DispatchQueue.test
    let seen = Locked<[DispatchQueue.SchedulerTimeType]>([])
    #expect(scheduler.now == testTime(0))
    scheduler.schedule(after: testTime(3)) { seen.append(scheduler.now) }
    scheduler.schedule(after: testTime(1)) { seen.append(scheduler.now) }
    #expect(scheduler.now == testTime(0))
    scheduler.advance(by: .seconds(5))
    #expect(seen.value == [testTime(1), testTime(3)])
    #expect(scheduler.now == testTime(5))
  }

  @Test func theNextScheduledDateIsTheEarliestWorkNotCancelled() {
    let scheduler = DispatchQueue.test
    #expect(scheduler.nextScheduledDate == nil)
    let start = scheduler.now
    scheduler.schedule(after: start.advanced(by: .seconds(2))) {}
    let repeating = scheduler.schedule(after: start.advanced(by: .seconds(1)), interval: .seconds(5)) {}
    #expect(scheduler.nextScheduledDate == start.advanced(by: .seconds(1)))
    repeating.cancel()
    #expect(scheduler.nextScheduledDate == start.advanced(by: .seconds(2)))
    scheduler.advance(by: .seconds(2))
    #expect(scheduler.nextScheduledDate == nil)
  }

  @Test func advanceRunsOnlyWhatIsDue() {
    let scheduler = DispatchQueue.test
    let log = Locked<[Int]>([])
    scheduler.schedule(after: testTime(1)) { log.append(1) }
    scheduler.schedule(after: testTime(2)) { log.append(2) }
    scheduler.advance(by: .milliseconds(1500))
    #expect(log.value == [1])
    #expect(scheduler.scheduledCount == 1)
    scheduler.advance(to: testTime(2))
    #expect(log.value == [1, 2])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func immediateWorkRunsOnlyOnTheNextAdvance() {
    let scheduler = DispatchQueue.test
    let log = Locked<[Int]>([])
    scheduler.schedule { log.append(1) }
    #expect(log.value == [])
    scheduler.advance()
    #expect(log.value == [1])
    #expect(scheduler.now == testTime(0))
  }

  @Test func advanceToAPastDateNeitherMovesTheClockBackNorRunsWork() {
    let scheduler = DispatchQueue.test
    scheduler.advance(to: testTime(2))
    let log = Locked<[Int]>([])
    scheduler.schedule { log.append(1) }
    scheduler.advance(to: testTime(1))
    #expect(log.value == [])
    #expect(scheduler.now == testTime(2))
    scheduler.advance()
    #expect(log.value == [1])
  }

  @Test func workScheduledByWorkForADateReachedRunsInTheSameAdvance() {
    let scheduler = DispatchQueue.test
    let log = Locked<[String]>([])
    scheduler.schedule(after: testTime(1)) {
      log.append("first")
      scheduler.schedule { log.append("scheduled now") }
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("one later") }
      scheduler.schedule(after: testTime(10)) { log.append("too late") }
    }
    scheduler.advance(to: testTime(2))
    #expect(log.value == ["first", "scheduled now", "one later"])
    #expect(scheduler.scheduledCount == 1)
  }

  @Test func runMovesTheClockToTheLastWork() {
    let scheduler = DispatchQueue.test
    let log = Locked<[Int]>([])
    scheduler.schedule(after: testTime(4)) {
      log.append(4)
      scheduler.schedule(after: testTime(6)) { log.append(6) }
    }
    scheduler.run()
    #expect(log.value == [4, 6])
    #expect(scheduler.now == testTime(6))
  }

  @Test func repeatingWorkRunsEveryIntervalUntilCancelled() {
    let scheduler = DispatchQueue.test
    let times = Locked<[DispatchQueue.SchedulerTimeType]>([])
    let cancellable = scheduler.schedule(after: testTime(1), interval: .seconds(2)) {
      times.append(scheduler.now)
    }
    scheduler.advance(by: .seconds(6))
    #expect(times.value == [testTime(1), testTime(3), testTime(5)])
    cancellable.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(times.value == [testTime(1), testTime(3), testTime(5)])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func repeatingWorkCanCancelItselfFromItsAction() {
    let scheduler = DispatchQueue.test
    let count = Locked(0)
    let holder = Locked<(any Cancellable)?>(nil)
    let cancellable = scheduler.schedule(after: testTime(1), interval: .seconds(1)) {
      let runs = count.withLock {
        $0 += 1
        return $0
      }
      if runs == 3 { holder.value?.cancel() }
    }
    holder.withLock { $0 = cancellable }
    scheduler.advance(by: .seconds(10))
    #expect(count.value == 3)
    #expect(scheduler.scheduledCount == 0)
    scheduler.run()
    #expect(count.value == 3)
  }

  @Test func repeatingWorkInterleavesWithOtherWorkByDate() {
    let scheduler = DispatchQueue.test
    let log = Locked<[String]>([])
    let cancellable = scheduler.schedule(after: testTime(1), interval: .seconds(1)) {
      log.append("tick \(testTimeSeconds(scheduler.now))")
    }
    scheduler.schedule(after: testTime(2)) { log.append("once 2") }
    scheduler.advance(to: testTime(3))
    // Each occurrence is scheduled when the previous one runs, so "once 2", scheduled first, wins
    // the tie at 2.
    #expect(log.value == ["tick 1", "once 2", "tick 2", "tick 3"])
    cancellable.cancel()
  }

  @Test func cancelledRepeatingWorkNeitherCountsNorMovesTheClockOnRun() {
    let scheduler = DispatchQueue.test
    let log = Locked<[Int]>([])
    let cancellable = scheduler.schedule(after: testTime(5), interval: .seconds(1)) { log.append(5) }
    scheduler.schedule(after: testTime(2)) { log.append(2) }
    #expect(scheduler.scheduledCount == 2)
    cancellable.cancel()
    #expect(scheduler.scheduledCount == 1)
    scheduler.run()
    #expect(log.value == [2])
    #expect(scheduler.now == testTime(2))
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func manyActionsInShuffledDateOrderRunByDateThenSchedulingOrder() {
    let scheduler = DispatchQueue.test
    let log = Locked<[Int]>([])
    var generator = SplitMix(seed: 7)
    var expected: [(millisecond: Int, index: Int)] = []
    for index in 0..<5000 {
      let millisecond = Int(generator.next() % 400)
      expected.append((millisecond, index))
      scheduler.schedule(after: testTime(Double(millisecond) / 1000)) { log.append(index) }
    }
    scheduler.advance(by: .milliseconds(200))
    let firstHalf = expected.filter { $0.millisecond <= 200 }
    #expect(scheduler.scheduledCount == 5000 - firstHalf.count)
    scheduler.run()
    let order = expected.sorted { ($0.millisecond, $0.index) < ($1.millisecond, $1.index) }.map(\.index)
    #expect(log.value == order)
    #expect(scheduler.now == testTime(Double(expected.map(\.millisecond).max() ?? 0) / 1000))
  }

  @Test func schedulingFromManyThreadsLosesNothing() {
    let scheduler = DispatchQueue.test
    let count = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<500 {
        scheduler.schedule(after: testTime(Double(index % 7))) { count.withLock { $0 += 1 } }
      }
      _ = thread
    }
    scheduler.run()
    #expect(count.value == 4000)
  }
}

/// Whole seconds since the start of `DispatchQueue.test`.
private func testTimeSeconds(_ time: DispatchQueue.SchedulerTimeType) -> Int {
  Int((time.dispatchTime.uptimeNanoseconds - 1) / 1_000_000_000)
}

/// A small deterministic random number generator, so that a shuffled schedule is the same every run.
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
