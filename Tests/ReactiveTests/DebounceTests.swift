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

  @Test(.tags(.realClock)) func worksOnARealQueue() {
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

  @Test func aBurstKeepsOneTimerAndIsDeliveredExactlyOneIntervalAfterItsLastValue() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[TimedValue]>([])
    let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink {
      log.append(TimedValue(scheduler.now, $0))
    }
    var mostTimers = 0
    for value in 0..<100 {
      subject.send(value)
      mostTimers = max(mostTimers, scheduler.scheduledCount)
      scheduler.advance(by: .milliseconds(30))
    }
    scheduler.advance(by: .seconds(5))
    #expect(mostTimers == 1)
    #expect(log.value == [TimedValue(testTime(3.97), 99)])
    cancellable.cancel()
  }

  @Test func aTimerOvertakenByALaterValueIsStartedAgainForTheRestOfTheWait() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[TimedValue]>([])
    let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink {
      log.append(TimedValue(scheduler.now, $0))
    }
    subject.send(1)
    scheduler.advance(by: .milliseconds(600))
    subject.send(2)
    scheduler.advance(by: .milliseconds(600))
    subject.send(3)
    scheduler.advance(by: .milliseconds(1300))
    subject.send(4)
    scheduler.advance(by: .seconds(5))
    #expect(log.value == [TimedValue(testTime(2.2), 3), TimedValue(testTime(3.5), 4)])
    cancellable.cancel()
  }

  @Test func neitherTheCompletionNorACancelLeavesATimerArmed() {
    let scheduler = DispatchQueue.test
    let completing = PassthroughSubject<Int, Never>()
    let completed = Recorder<Int, Never>()
    completing.debounce(for: .seconds(1), scheduler: scheduler).subscribe(completed)
    completing.send(1)
    #expect(scheduler.scheduledCount == 1)
    completing.send(completion: .finished)
    scheduler.advance()
    #expect(scheduler.scheduledCount == 0)
    #expect(completed.events == [.subscription, .completion(.finished)])

    let cancelling = PassthroughSubject<Int, Never>()
    let cancelled = Recorder<Int, Never>()
    cancelling.debounce(for: .seconds(1), scheduler: scheduler).subscribe(cancelled)
    cancelling.send(1)
    #expect(scheduler.scheduledCount == 1)
    cancelled.cancel()
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func deliversTheSameTimesThroughATypeErasedScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[TimedValue]>([])
    let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler.eraseToAnyScheduler()).sink {
      log.append(TimedValue(scheduler.now, $0))
    }
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    scheduler.advance(by: .seconds(5))
    #expect(log.value == [TimedValue(testTime(1.5), 2)])
    cancellable.cancel()
  }

  @Test func deliversEveryValueAtOnceOnTheImmediateScheduler() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func dropsAValueDueWithoutDemandAndDeliversTheNextOnceAskedFor() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    recorder.request(.max(1))
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    subject.send(3)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(2)])
  }

  // Follows OpenCombine's DebounceTests.testBasicBehavior (a failure and a value after .finished) and
  // testDemand (a value after a cancel) at 1b8a26b: Combine's debounce asks its scheduler nothing for
  // them, not even the time.
  @Test func aValueAfterTheCompletionOrACancelAsksTheSchedulerNothing() {
    for ending in [StreamEnding.finish, .cancel] {
      let scheduler = RecordingScheduler()
      let upstream = HandDrivenPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>()
      upstream.debounce(for: .milliseconds(13), scheduler: scheduler).subscribe(recorder)
      upstream.giveSubscription()
      if ending == .finish {
        upstream.send(completion: .finished)
        #expect(scheduler.calls == [.schedule])
        upstream.send(completion: .failure(.boom))
      } else {
        recorder.cancel()
      }
      scheduler.clearCalls()
      #expect(upstream.send(1) == .none)
      #expect(scheduler.calls == [], "\(ending)")
      scheduler.advance(by: .milliseconds(100))
      let expected: [Event<Int, TestError>] =
        ending == .finish ? [.subscription, .completion(.finished)] : [.subscription]
      #expect(recorder.events == expected, "\(ending)")
    }
  }

  // Follows OpenCombine's DebounceTests.testFinishBeforeDue and testFailBeforeDue at 1b8a26b: the
  // timer is given the debounce's options, the completion is scheduled with none.
  @Test func theCompletionIsScheduledWithoutTheOptions() {
    for completion in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let scheduler = RecordingScheduler()
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = Recorder<Int, TestError>()
      subject.debounce(for: .milliseconds(13), scheduler: scheduler, options: .init(qos: .userInitiated))
        .subscribe(recorder)
      subject.send(1)
      scheduler.advance(by: .milliseconds(4))
      subject.send(completion: completion)
      #expect(
        scheduler.calls == [.now, .minimumTolerance, .scheduleRepeating(after: 13, interval: 13), .schedule])
      #expect(scheduler.optionsGiven == [true, false], "\(completion)")
      scheduler.advance(by: .milliseconds(100))
      #expect(recorder.events == [.subscription, .completion(completion)])
    }
  }

  // Follows OpenCombine's DebounceTests.testDebounceReflection at 1b8a26b.
  @Test func describesItselfAsCombineDoes() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let probe = SubscriptionProbe<Int, TestError>()
    upstream.debounce(for: .nanoseconds(13), scheduler: DispatchQueue.test).subscribe(probe)
    let inner = upstream.subscriber
    upstream.giveSubscription()
    let both: [Any] = [inner.map { $0 as Any }, probe.subscription.map { $0 as Any }].compactMap { $0 }
    #expect(both.count == 2)
    for reflected in both {
      #expect(String(describing: reflected) == "Debounce")
      #expect(
        (reflected as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Debounce"
      )
      let children = Mirror(reflecting: reflected).children.map { ($0.label, String(describing: $0.value)) }
      #expect(children.map(\.0) == ["downstream", "downstreamDemand", "currentValue"])
      #expect(children.first?.1.contains("SubscriptionProbe") == true)
      #expect(children.dropFirst().map(\.1) == ["max(0)", "nil"])
    }
  }

  // Follows OpenCombine's DebounceTests.testBadScheduler at 1b8a26b: with timers that cannot be
  // cancelled, each keeps firing, and still only the last value of the burst is delivered, once.
  @Test func aSchedulerWhoseTimersCannotBeCancelledStillGetsOneValuePerBurst() {
    let scheduler = UncancellableScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.debounce(for: .milliseconds(13), scheduler: scheduler).subscribe(recorder)
    for value in [1, 2, 3] {
      upstream.send(value)
      scheduler.test.advance(by: .milliseconds(2))
    }
    upstream.send(42)
    scheduler.test.advance(by: .milliseconds(12))
    #expect(recorder.events == [.subscription])
    scheduler.test.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(42)])
    scheduler.test.advance(by: .milliseconds(31))
    #expect(recorder.events == [.subscription, .value(42)])
    upstream.send(1)
    scheduler.test.advance(by: .milliseconds(4))
    recorder.cancel()
    scheduler.test.advance(by: .milliseconds(50))
    #expect(recorder.events == [.subscription, .value(42)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's DebounceTests.testDemand, at 1b8a26b: a value due while the downstream has asked
  // for nothing is dropped, and a later request does not bring it back; each value delivered uses up
  // one of the demand, and one due once it is used up is dropped; after a cancel, a request and a
  // value deliver nothing.
  @Test func eachDeliveredValueUsesUpDemandAndAValueDueWithoutItIsDroppedForGood() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none)
    upstream.debounce(for: .nanoseconds(13), scheduler: scheduler).subscribe(keeper)
    #expect(upstream.send(1) == .none)
    scheduler.advance(by: .nanoseconds(100))
    keeper.subscription?.request(.max(3))
    scheduler.advance(by: .nanoseconds(100))
    #expect(keeper.events == [.subscription])
    for value in 2...5 {
      #expect(upstream.send(value) == .none)
      scheduler.advance(by: .nanoseconds(50))
    }
    #expect(keeper.events == [.subscription, .value(2), .value(3), .value(4)])
    keeper.subscription?.cancel()
    keeper.subscription?.request(.max(1))
    #expect(upstream.send(6) == .none)
    scheduler.advance(by: .nanoseconds(50))
    #expect(keeper.events == [.subscription, .value(2), .value(3), .value(4)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's DebounceTests.testSetupTimerStrongCapture, at 1b8a26b: once the upstream and
  // everything else are gone, the timer a value started still keeps the downstream.
  @Test func theTimerAValueStartedKeepsTheDownstreamWhenNothingElseDoes() {
    let scheduler = DispatchQueue.test
    weak var weakRecorder: Recorder<Int, TestError>?
    weak var weakUpstream: HandDrivenPublisher<Int, TestError>?
    do {
      let upstream = HandDrivenPublisher<Int, TestError>()
      weakUpstream = upstream
      let recorder = Recorder<Int, TestError>()
      weakRecorder = recorder
      upstream.debounce(for: .nanoseconds(13), scheduler: scheduler).subscribe(recorder)
      upstream.giveSubscription()
      upstream.send(1)
    }
    #expect(weakUpstream == nil)
    #expect(weakRecorder != nil)
    #expect(weakRecorder?.events == [.subscription])
    scheduler.advance(by: .nanoseconds(13))
  }
}

/// A scheduler whose repeating timers run on `DispatchQueue.test` and ignore being cancelled.
private final class UncancellableScheduler: Scheduler, @unchecked Sendable {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  let test = DispatchQueue.test
  /// The timers' own cancellables, held so that none is cancelled by being let go.
  private let timers = Locked<[any Cancellable]>([])

  var now: SchedulerTimeType { test.now }
  var minimumTolerance: SchedulerTimeType.Stride { test.minimumTolerance }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    test.schedule(options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    test.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let timer = test.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
    timers.append(timer)
    return AnyCancellable {}
  }
}

/// A value and the virtual time at which it arrived.
private struct TimedValue: Equatable {
  let time: DispatchQueue.SchedulerTimeType
  let value: Int

  init(_ time: DispatchQueue.SchedulerTimeType, _ value: Int) {
    self.time = time
    self.value = value
  }
}
