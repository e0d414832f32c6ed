import Dispatch
import Foundation
import Reactive
import Testing

extension OperationQueue: DateBackedScheduler {}
extension OperationQueue.SchedulerTimeType: DateBackedTime {}
extension OperationQueue.SchedulerTimeType.Stride: SecondsStride {}

// OpenCombine's OperationQueueSchedulerTests, which check the time type as its RunLoopSchedulerTests
// do, and testMinimumTolerance, testNow, testScheduleActionOnceNowWithRealQueue,
// testScheduleActionOnceLaterWithRealQueue and testScheduleRepeatingWithRealQueue.
@Suite struct OperationQueueSchedulerTests {
  typealias Checks = DateSchedulerTimeChecks<OperationQueue>

  @Test func distancesAreSecondsWithoutALimit() { Checks.distancesAreSecondsWithoutALimit() }
  @Test func advancingAddsSecondsToTheDate() { Checks.advancingAddsSecondsToTheDate() }
  @Test func timesAreEqualHashedAndOrderedByDate() { Checks.timesAreEqualHashedAndOrderedByDate() }
  @Test func timeAndStrideEncodeAsCombinesDo() throws { try Checks.timeAndStrideEncodeAsCombinesDo() }
  @Test func strideUnitsAndLiteralsCountSeconds() { Checks.strideUnitsAndLiteralsCountSeconds() }
  @Test func strideArithmeticWorksInSeconds() { Checks.strideArithmeticWorksInSeconds() }
  @Test func everyOtherFigureOfCombinesIsTheSame() { Checks.everyOtherFigureOfCombinesIsTheSame() }
  @Test func nowIsTheCurrentDateAndToleranceIsZero() { Checks.nowIsTheCurrentDate(OperationQueue()) }

  @Test(.tags(.realClock)) func scheduleRunsEachActionAsAnOperationOnTheQueue() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let log = Locked<[Int]>([])
    let onQueue = Locked<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    for index in 1...3 {
      queue.schedule {
        log.append(index)
        onQueue.append(OperationQueue.current === queue)
        if index == 3 { done.signal() }
      }
    }
    #expect(wait(for: done))
    #expect(log.value == [1, 2, 3])
    #expect(onQueue.value == [true, true, true])
  }

  @Test(.tags(.realClock)) func scheduleAfterRunsNoEarlierThanItsDate() {
    let queue = OperationQueue()
    let done = DispatchSemaphore(value: 0)
    let ranAt = Locked<Date?>(nil)
    let due = queue.now.advanced(by: .milliseconds(30))
    queue.schedule(after: due) {
      ranAt.withLock { $0 = Date() }
      done.signal()
    }
    #expect(wait(for: done))
    #expect(ranAt.value.map { $0 >= due.date } == true)
  }

  @Test(.tags(.realClock)) func repeatingScheduleRepeatsUntilCancelled() {
    let queue = OperationQueue()
    let count = Locked(0)
    let thirdRun = DispatchSemaphore(value: 0)
    let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
      let runs = count.withLock {
        $0 += 1
        return $0
      }
      if runs == 3 { thirdRun.signal() }
    }
    #expect(wait(for: thirdRun))
    cancellable.cancel()
    queue.waitUntilAllOperationsAreFinished()
    let runsAtCancel = count.value
    let later = DispatchSemaphore(value: 0)
    queue.schedule(after: queue.now.advanced(by: .milliseconds(30))) { later.signal() }
    #expect(wait(for: later))
    #expect(count.value == runsAtCancel)
    #expect(runsAtCancel >= 3)
  }

  // OpenCombine's OperationQueueSchedulerTests.testScheduleActionOnceNowWithTestQueue, at 00f1199,
  // the version stored (run on Darwin only, against Combine): the action is one BlockOperation added
  // with addOperation(_:), which runs it again each time its main() is called.
  @Test(.tags(.realClock)) func scheduleAddsOneBlockOperationThatRunsTheActionEachTimeItsMainRuns() throws {
    let queue = RecordingOperationQueue()
    let count = Locked(0)
    queue.schedule { count.withLock { $0 += 1 } }
    let added = queue.added
    #expect(added.count == 1)
    let operation = try #require(added.first as? BlockOperation)
    queue.waitUntilAllOperationsAreFinished()
    #expect(count.value == 1)
    operation.main()
    #expect(count.value == 2)
    operation.main()
    #expect(count.value == 3)
  }

  // OpenCombine's OperationQueueSchedulerTests.testScheduleActionOnceLaterWithTestQueue, at 00f1199,
  // the version stored (run on Darwin only, against Combine): the action is added at once, as one
  // cancellable operation of its own that is not ready until its date, so the queue waits for it; it
  // runs the action once, however often its main() is called.
  @Test(.tags(.realClock)) func scheduleAfterAddsAtOnceAnOperationThatIsReadyAtItsDate() throws {
    let queue = RecordingOperationQueue()
    let count = Locked(0)
    let due = queue.now.advanced(by: .milliseconds(100))
    queue.schedule(after: due) { count.withLock { $0 += 1 } }
    let added = queue.added
    #expect(added.count == 1)
    let operation = try #require(added.first)
    #expect(!(operation is BlockOperation))
    #expect(!operation.isReady)
    #expect(!operation.isFinished)
    #expect(!operation.isCancelled)
    #expect(!operation.isAsynchronous)
    #expect(operation is any Cancellable)
    #expect(count.value == 0)
    #expect(waitUntilFinished(queue))
    #expect(count.value == 1)
    #expect(Date() >= due.date)
    operation.main()
    #expect(count.value == 1)
  }

  // OpenCombine's OperationQueueSchedulerTests.testScheduleRepeatingWithTestQueue, at 00f1199, the
  // version stored (run on Darwin only, against Combine): the first run is added at once, as a
  // cancellable operation of its own that is not ready until its date; each run adds the next; the
  // token is an AnyCancellable, and the first operation's main() called again runs nothing.
  @Test(.tags(.realClock)) func repeatingScheduleAddsEachRunAtOnceAsAnOperationReadyAtItsDate() throws {
    let queue = RecordingOperationQueue()
    // The token is cancelled as the fourth run is added, before the queue has it. Cancelling from
    // the test's thread once woken raced the fourth run's date: under ThreadSanitizer on a busy
    // machine the fourth run came first (CI at ae644ce: 4 runs, 5 operations added).
    let token = Locked<(any Cancellable)?>(nil)
    let tokenStored = DispatchSemaphore(value: 0)
    let fourthAdded = DispatchSemaphore(value: 0)
    queue.onAdd = { added in
      guard added == 4 else { return }
      if tokenStored.wait(timeout: .now() + 5) == .success { token.value?.cancel() }
      fourthAdded.signal()
    }
    let count = Locked(0)
    let cancellable = queue.schedule(
      after: queue.now.advanced(by: .milliseconds(100)), interval: .milliseconds(200)
    ) { count.withLock { $0 += 1 } }
    token.withLock { $0 = cancellable }
    tokenStored.signal()
    let added = queue.added
    #expect(added.count == 1)
    let operation = try #require(added.first)
    #expect(!(operation is BlockOperation))
    #expect(!operation.isReady)
    #expect(!operation.isFinished)
    #expect(!operation.isCancelled)
    #expect(!operation.isAsynchronous)
    #expect(operation is any Cancellable)
    #expect(cancellable is AnyCancellable)
    #expect(count.value == 0)
    #expect(wait(for: fourthAdded))
    #expect(count.value == 3)
    #expect(waitUntilFinished(queue))
    #expect(count.value == 3)
    #expect(queue.added.count == 4)
    operation.main()
    #expect(count.value == 3)
  }

  // OpenCombine's OperationQueueSchedulerTests testScheduleActionOnceLaterWithRealQueue and
  // testScheduleRepeatingWithRealQueue, at 00f1199, the version stored: an action scheduled for later,
  // and each run of a repeating one, runs as an operation of the queue, no earlier than its date.
  @Test(.tags(.realClock)) func laterAndRepeatingActionsRunOnTheQueueNoEarlierThanTheirDates() {
    let queue = OperationQueue()
    let due = queue.now.advanced(by: .milliseconds(30))
    let runs = Locked<[(onQueue: Bool, early: Bool)]>([])
    let done = DispatchSemaphore(value: 0)
    queue.schedule(after: due) {
      runs.append((OperationQueue.current === queue, Date() < due.date))
      done.signal()
    }
    let cancellable = queue.schedule(after: due, interval: .milliseconds(20)) {
      let count = runs.withLock {
        $0.append((OperationQueue.current === queue, Date() < due.date))
        return $0.count
      }
      if count == 4 { done.signal() }
    }
    #expect(wait(for: done))
    #expect(wait(for: done))
    cancellable.cancel()
    #expect(runs.value.count >= 4)
    #expect(runs.value.allSatisfy { $0.onQueue && !$0.early })
  }

  /// Waits, for at most five seconds, until every operation in `queue` has finished.
  private func waitUntilFinished(_ queue: OperationQueue) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let unchecked = UncheckedQueue(queue: queue)
    DispatchQueue.global().async {
      unchecked.queue.waitUntilAllOperationsAreFinished()
      done.signal()
    }
    return wait(for: done)
  }
}

/// Hands an operation queue to another thread, to wait on.
private struct UncheckedQueue: @unchecked Sendable { let queue: OperationQueue }

/// An operation queue that keeps every operation added to it with addOperation(_:), and tells
/// `onAdd` how many it has after each, before the queue has it.
private final class RecordingOperationQueue: OperationQueue, @unchecked Sendable {
  private let history = Locked<[Operation]>([])
  private let callback = Locked<(@Sendable (Int) -> Void)?>(nil)

  var added: [Operation] { history.value }

  var onAdd: (@Sendable (Int) -> Void)? {
    get { callback.value }
    set { callback.withLock { $0 = newValue } }
  }

  override func addOperation(_ op: Operation) {
    let count = history.withLock {
      $0.append(op)
      return $0.count
    }
    onAdd?(count)
    super.addOperation(op)
  }
}
