import Dispatch
import Reactive
import Testing

/// Values at 0, 100, 200 and 1100 ms through a one-second throttle, as the demo sends them; every
/// history carries the virtual time of each event.
@Suite struct ThrottleTests {
  /// Sends `values` into `subject` at their times (milliseconds) on `scheduler`, then runs it to the end.
  private func play(
    _ values: [(milliseconds: Int, value: Int)], into subject: PassthroughSubject<Int, TestError>,
    on scheduler: TestSchedulerOf<DispatchQueue>, completingAt end: Int? = nil
  ) {
    for (milliseconds, value) in values {
      scheduler.schedule(after: testTime(Double(milliseconds) / 1000)) { subject.send(value) }
    }
    if let end {
      scheduler.schedule(after: testTime(Double(end) / 1000)) { subject.send(completion: .finished) }
    }
    scheduler.advance(by: .seconds(5))
  }

  private let burst = [(0, 0), (100, 100), (200, 200), (1100, 1100)].map { (milliseconds: $0, value: $1) }

  @Test func latestEmitsTheFirstValueAtOnceThenTheLatestAtTheEndOfEachInterval() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    play(burst, into: subject, on: scheduler)
    #expect(
      recorder.events == [
        at(0, .subscription), at(0, .value(0)), at(1000, .value(200)), at(2000, .value(1100)),
      ])
  }

  @Test func notLatestEmitsTheFirstValueOfEachInterval() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(recorder)
    play(burst, into: subject, on: scheduler)
    #expect(
      recorder.events == [
        at(0, .subscription), at(0, .value(0)), at(1000, .value(100)), at(2000, .value(1100)),
      ])
  }

  @Test func debounceAndBothThrottlesOnTheSameStream() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let debounced = TimedRecorder<Int, TestError>(scheduler)
    let latest = TimedRecorder<Int, TestError>(scheduler)
    let first = TimedRecorder<Int, TestError>(scheduler)
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(debounced)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(latest)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(first)
    play(burst, into: subject, on: scheduler)
    // The gaps are shorter than the interval, so the debounce waits for the end of the whole burst.
    #expect(debounced.events == [at(0, .subscription), at(2100, .value(1100))])
    #expect(
      latest.events == [
        at(0, .subscription), at(0, .value(0)), at(1000, .value(200)), at(2000, .value(1100)),
      ])
    #expect(
      first.events == [at(0, .subscription), at(0, .value(0)), at(1000, .value(100)), at(2000, .value(1100))])
  }

  @Test func evenTheFirstValueGoesThroughTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance()
    #expect(recorder.events == [at(0, .subscription), at(0, .value(2))])
  }

  @Test func aValueAfterAQuietIntervalGoesOutAtOnceAndStartsTheNextInterval() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    play(
      [(0, 1), (1500, 2), (1600, 3), (2700, 4)].map { (milliseconds: $0, value: $1) }, into: subject,
      on: scheduler)
    #expect(
      recorder.events == [
        at(0, .subscription), at(0, .value(1)), at(1500, .value(2)), at(2500, .value(3)), at(3500, .value(4)),
      ])
  }

  @Test func aCompletionWaitsForTheValuePendingAndFollowsIt() {
    for latest in [true, false] {
      let scheduler = DispatchQueue.test
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = TimedRecorder<Int, TestError>(scheduler)
      subject.throttle(for: .seconds(1), scheduler: scheduler, latest: latest).subscribe(recorder)
      play(burst.prefix(3).map { $0 }, into: subject, on: scheduler, completingAt: 500)
      #expect(
        recorder.events == [
          at(0, .subscription), at(0, .value(0)), at(1000, .value(latest ? 200 : 100)),
          at(1000, .completion(.finished)),
        ], "latest: \(latest)")
    }
  }

  @Test func aCompletionWithNothingPendingGoesOutAtOnceThroughTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .milliseconds(300))
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [at(0, .subscription), at(0, .value(1))])
    scheduler.advance()
    subject.send(2)
    scheduler.advance(by: .seconds(2))
    #expect(
      recorder.events == [at(0, .subscription), at(0, .value(1)), at(300, .completion(.failure(.boom)))])
  }

  @Test func aValueThatFindsNoDemandIsDropped() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler, request: .max(1))
    subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    scheduler.schedule(after: testTime(0.5)) { recorder.request(.max(1)) }
    play(
      [(0, 0), (100, 100), (600, 600), (700, 700)].map { (milliseconds: $0, value: $1) }, into: subject,
      on: scheduler)
    #expect(recorder.events == [at(0, .subscription), at(0, .value(0)), at(1000, .value(600))])
  }

  @Test func asksUpstreamForEverything() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.throttle(for: .seconds(1), scheduler: DispatchQueue.test, latest: true).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func cancellingDropsThePendingValueAndCancelsUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    upstream.send(0)
    scheduler.advance(by: .milliseconds(100))
    upstream.send(100)
    recorder.cancel()
    upstream.send(200)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription), at(0, .value(0))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func ignoresEverythingAfterCompletion() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription), at(0, .completion(.finished))])
  }

  @Test(.tags(.realClock)) func worksOnARealQueue() {
    let queue = DispatchQueue(label: "ThrottleTests.real")
    let subject = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let values = Locked<[Int]>([])
    let cancellable = subject.throttle(for: .milliseconds(50), scheduler: queue, latest: true).sink(
      receiveCompletion: { _ in done.signal() }, receiveValue: { values.append($0) })
    // Hold the queue while sending, so that the first emission runs after both values arrived.
    let gate = DispatchSemaphore(value: 0)
    queue.async { _ = gate.wait(timeout: .now() + 5) }
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    gate.signal()
    #expect(wait(for: done))
    #expect(values.value == [2])
    cancellable.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(
      of: PassthroughSubject<Int, Never>().throttle(
        for: .seconds(1), scheduler: DispatchQueue.test, latest: true))
    #expect(reflected.description == "Throttle")
    #expect(reflected.playground == "Throttle")
    #expect(reflected.children.isEmpty)
  }

  // Follows OpenCombine's ThrottleTests.testBasicBehavior, testThrottleDemand and testThrottleGap at
  // 1b8a26b: Combine's throttle reads the clock once when its subscriber is made and once when the
  // subscription arrives, and schedules nothing.
  @Test func readsTheClockWhenSubscribedAndWhenItsSubscriptionArrives() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(100))
    upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
    #expect(scheduler.calls == [.now])
    let subscription = upstream.giveSubscription()
    #expect(scheduler.calls == [.now, .now])
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription])
    upstream.send(1)
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    #expect(scheduler.optionsGiven == [false])
  }

  // Follows OpenCombine's ThrottleTests.testReceiveCompletionImmediatelyAfterSubscription and
  // testReceiveCompletionImmediatelyAfterValue at 1b8a26b: the completion reads the clock, then goes
  // out at once through the scheduler, or waits for the emission already scheduled.
  @Test func theCompletionReadsTheClock() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(recorder)
    upstream.giveSubscription()
    scheduler.clearCalls()
    upstream.send(completion: .failure(.boom))
    #expect(scheduler.calls == [.now, .schedule])
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])

    let waiting = RecordingScheduler()
    let second = HandDrivenPublisher<Int, TestError>()
    let seen = Recorder<Int, TestError>(extra: .max(418))
    second.throttle(for: .seconds(60), scheduler: waiting, latest: true).subscribe(seen)
    second.giveSubscription()
    second.send(-1)
    waiting.advance(by: .zero)
    second.send(1000)
    waiting.clearCalls()
    second.send(completion: .finished)
    #expect(waiting.calls == [.now])
    waiting.advance(by: .seconds(60))
    #expect(seen.events == [.subscription, .value(-1), .value(1000), .completion(.finished)])
  }

  // Follows OpenCombine's ThrottleTests.testCancelAlreadyCancelled (a value and a finish after a
  // cancel) and testBasicBehavior (a finish and a value after a failure) at 1b8a26b: they ask the
  // scheduler nothing, not even the time.
  @Test func nothingAfterACancelOrACompletionReadsTheClock() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: true).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    scheduler.clearCalls()
    recorder.cancel()
    recorder.request(.max(42))
    recorder.cancel()
    upstream.send(0)
    upstream.send(completion: .finished)
    #expect(scheduler.calls == [])
    #expect(subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])

    let failing = RecordingScheduler()
    let second = HandDrivenPublisher<Int, TestError>()
    let seen = Recorder<Int, TestError>(request: .max(100), extra: .max(12))
    second.throttle(for: .seconds(1), scheduler: failing, latest: true).subscribe(seen)
    second.giveSubscription()
    second.send(3)
    failing.advance(by: .zero)
    second.send(4)
    failing.clearCalls()
    second.send(completion: .failure(.boom))
    second.send(completion: .finished)
    #expect(second.send(5) == .none)
    #expect(failing.calls == [.now])
    failing.advance(by: .seconds(1))
    #expect(seen.events == [.subscription, .value(3), .value(4), .completion(.failure(.boom))])
  }

  // Follows OpenCombine's ThrottleTests.testCancelWhilstScheduledOutput (an emission after a cancel)
  // and testBasicBehavior (the emission that carries the failure) at 1b8a26b: neither reads the
  // clock; an emission of a value alone does.
  @Test func onlyAnEmissionOfAValueAloneReadsTheClock() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    upstream.send(1)
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    recorder.cancel()
    scheduler.clearCalls()
    scheduler.advance(by: .zero)
    #expect(scheduler.calls == [])
    #expect(recorder.events == [.subscription])
    #expect(subscription.calls == [.request(.unlimited), .cancel])

    let failing = RecordingScheduler()
    let second = HandDrivenPublisher<Int, TestError>()
    let seen = Recorder<Int, TestError>()
    second.throttle(for: .seconds(1), scheduler: failing, latest: true).subscribe(seen)
    second.giveSubscription()
    second.send(3)
    failing.clearCalls()
    failing.advance(by: .zero)
    #expect(failing.calls == [.now])
    second.send(4)
    second.send(completion: .failure(.boom))
    failing.clearCalls()
    failing.advance(by: .seconds(1))
    #expect(failing.calls == [])
    #expect(seen.events == [.subscription, .value(3), .value(4), .completion(.failure(.boom))])
  }

  // Follows OpenCombine's ThrottleTests.testReceiveInputRecursively at 1b8a26b: on the immediate
  // scheduler, a value sent from inside the downstream's receive is delivered at once, nested.
  @Test func aValueSentFromInsideTheDownstreamIsDeliveredAtOnceOnTheImmediateScheduler() {
    let upstream = ManualPublisher<Int, TestError>()
    let left = Locked(5)
    let recorder = Recorder<Int, TestError>(extra: .max(418)) { _ in
      guard
        left.withLock({ count in
          defer { count -= 1 }
          return count > 0
        })
      else { return }
      upstream.send(-1)
    }
    upstream.throttle(for: .seconds(60), scheduler: ImmediateScheduler.shared, latest: true).subscribe(
      recorder)
    #expect(upstream.send(0) == .none)
    #expect(recorder.events == [.subscription, .value(0)] + Array(repeating: .value(-1), count: 5))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func letsTheDownstreamGoWhenTheStreamEndsEvenWithAnEmissionScheduled() {
    let scheduler = DispatchQueue.test
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending, advancing: scheduler) { upstream, _ in
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
      }
      #expect(released.downstream, "\(ending)")
    }
    let upstream = ManualPublisher<Int, TestError>()
    weak var weakRecorder: Recorder<Int, TestError>?
    do {
      let recorder = Recorder<Int, TestError>()
      weakRecorder = recorder
      upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
      upstream.send(1)
      scheduler.advance()
      upstream.send(2)
      recorder.cancel()
    }
    #expect(scheduler.scheduledCount == 1)
    #expect(weakRecorder == nil)
    scheduler.advance(by: .seconds(2))
  }

  // OpenCombine's ThrottleTests.testBasicBehavior, at 1b8a26b, whole: each value reads the clock; the
  // first is scheduled at once and the latest of those before it runs goes out; the next is
  // scheduled an interval after that emission, with the scheduler's minimum tolerance; a failure
  // reads the clock and waits for that emission, and what follows it asks the scheduler nothing.
  @Test func latestAsksTheSchedulerWhatCombinesDoesForABurstAValueAndAFailure() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(100), extra: .max(12))
    upstream.throttle(for: .seconds(1337), scheduler: scheduler, latest: true).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(1) == .none)
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .none)
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now, .now])
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(3)])
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now, .now, .now])
    scheduler.clearCalls()
    #expect(upstream.send(4) == .none)
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(1_337_000)])
    #expect(scheduler.tolerances == [scheduler.test.minimumTolerance])
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(upstream.send(5) == .none)
    #expect(recorder.events == [.subscription, .value(3)])
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(1_337_000), .now])
    scheduler.advance(by: .seconds(1337))
    #expect(recorder.events == [.subscription, .value(3), .value(4), .completion(.failure(.boom))])
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(1_337_000), .now])
    #expect(subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ThrottleTests.testThrottleDemand, at 1b8a26b: not latest, the first of a burst
  // goes out; once the downstream's demand is used up, a value reads the clock and schedules
  // nothing, and never goes out.
  @Test func firstSchedulesNothingForAValueOnceTheDemandIsUsedUp() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    upstream.throttle(for: .seconds(1337), scheduler: scheduler, latest: false).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    for value in [1, 5, 6] { #expect(upstream.send(value) == .none) }
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now, .now])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.clearCalls()
    #expect(upstream.send(2) == .none)
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(1_337_000)])
    scheduler.advance(by: .seconds(1337))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    scheduler.clearCalls()
    #expect(upstream.send(3) == .none)
    #expect(scheduler.calls == [.now])
    #expect(scheduler.test.scheduledCount == 0)
    scheduler.advance(by: .seconds(5000))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ThrottleTests.testThrottleGap, at 1b8a26b: a value within the interval after an
  // emission is scheduled for the interval's end; one after the interval has passed is scheduled at
  // once.
  @Test func aValueWithinTheIntervalWaitsForItsEndAndOneAfterItIsScheduledAtOnce() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.throttle(for: .seconds(60), scheduler: scheduler, latest: false).subscribe(recorder)
    upstream.giveSubscription()
    #expect(upstream.send(0) == .none)
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    scheduler.advance(by: .zero)
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now])
    #expect(recorder.events == [.subscription, .value(0)])
    scheduler.advance(by: .seconds(45))
    scheduler.clearCalls()
    #expect(upstream.send(1) == .none)
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(60_000)])
    scheduler.advance(by: .seconds(15))
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleAfter(60_000), .now])
    scheduler.advance(by: .seconds(61))
    scheduler.clearCalls()
    #expect(upstream.send(2) == .none)
    #expect(scheduler.calls == [.now, .schedule])
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
    #expect(scheduler.calls == [.now, .schedule, .now])
  }

  // OpenCombine's ThrottleTests.testRequest, at 1b8a26b: requests, one for no values among them,
  // are kept for the emissions and never passed upstream.
  @Test func keepsTheRequestsForItsEmissionsAndPassesNoneUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: true).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    scheduler.advance()
    for demand in [Subscribers.Demand.max(10), .max(4), .max(5), .none] { recorder.request(demand) }
    #expect(upstream.send(2000) == .none)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(2000)])
    #expect(subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ThrottleTests.testNoDemandReceivesNoValues, at 1b8a26b: on the immediate
  // scheduler, a downstream that asked for nothing gets no value.
  @Test func aDownstreamThatAskedForNothingGetsNoValue() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.throttle(for: .milliseconds(1), scheduler: ImmediateScheduler.shared, latest: true).subscribe(
      recorder)
    #expect(upstream.send(1) == .none)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ThrottleTests.testCancelWhileReceivingInput, at 1b8a26b: a cancel from inside the
  // downstream's receive cancels upstream, the emission having read the clock.
  @Test func aCancelFromInsideTheDownstreamsReceiveCancelsUpstream() {
    let scheduler = RecordingScheduler()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let held = Locked<Recorder<Int, TestError>?>(nil)
    let recorder = Recorder<Int, TestError>(extra: .max(42)) { _ in held.value?.cancel() }
    held.withLock { $0 = recorder }
    upstream.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(1) == .none)
    #expect(recorder.events == [.subscription])
    #expect(scheduler.calls == [.now, .now, .now, .schedule])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(subscription.calls == [.request(.unlimited), .cancel])
    #expect(scheduler.calls == [.now, .now, .now, .schedule, .now])
    held.withLock { $0 = nil }
  }

  // OpenCombine's ThrottleTests.testReceiveCompletionRecursively, at 1b8a26b: on the immediate
  // scheduler, a finish the upstream sends again from inside the downstream's completion is ignored.
  @Test func aFinishSentAgainFromInsideTheDownstreamsCompletionIsIgnored() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let completions = Locked(0)
    upstream.throttle(for: .seconds(60), scheduler: ImmediateScheduler.shared, latest: true).subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: { $0.request(.unlimited) }, receiveValue: { _ in .max(418) },
        receiveCompletion: { _ in
          completions.withLock { $0 += 1 }
          upstream.send(completion: .finished)
        }))
    upstream.giveSubscription()
    upstream.send(completion: .finished)
    #expect(completions.value == 1)
  }

  // OpenCombine's ThrottleTests testWeakCaptureWhenSchedulingValue and
  // testWeakCaptureWhenSchedulingCompletion, at 1b8a26b: a cancel while a value or a completion is
  // scheduled lets the downstream go at once, and the scheduled action delivers nothing.
  @Test func aCancelWhileAnEmissionIsScheduledLetsTheDownstreamGoAndDeliversNothing() {
    for completing in [false, true] {
      let scheduler = DispatchQueue.test
      let upstream = ManualPublisher<Int, TestError>()
      let log = Locked<[String]>([])
      weak var weakSink: Subscribers.Sink<Int, TestError>?
      do {
        let sink = Subscribers.Sink<Int, TestError>(
          receiveCompletion: { log.append("\($0)") }, receiveValue: { log.append("\($0)") })
        weakSink = sink
        upstream.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(sink)
        if completing { upstream.send(completion: .finished) } else { upstream.send(42) }
        #expect(scheduler.scheduledCount == 1)
        sink.cancel()
      }
      #expect(weakSink == nil, "completing: \(completing)")
      scheduler.advance(by: .seconds(60))
      #expect(log.value == [], "completing: \(completing)")
    }
  }
}
