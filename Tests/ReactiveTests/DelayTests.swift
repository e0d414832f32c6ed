import Dispatch
import Reactive
import Testing

@Suite struct DelayTests {
  @Test func deliversEachValueAndTheCompletionOneIntervalLater() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.delay(for: .milliseconds(500), scheduler: scheduler).subscribe(recorder)
    scheduler.schedule(after: testTime(0)) { subject.send(1) }
    scheduler.schedule(after: testTime(0.3)) { subject.send(2) }
    scheduler.schedule(after: testTime(1)) { subject.send(completion: .finished) }
    scheduler.advance(by: .seconds(3))
    #expect(
      recorder.events == [
        at(0, .subscription), at(500, .value(1)), at(800, .value(2)), at(1500, .completion(.finished)),
      ])
  }

  @Test func aFailureIsDelayedToo() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance()
    subject.send(completion: .failure(.boom))
    subject.send(1)
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [at(0, .subscription), at(1000, .completion(.failure(.boom)))])
  }

  @Test func demandIsPassedThroughUndelayed() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1), extra: .max(2))
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance()
    #expect(upstream.subscription.calls == [.request(.max(1))])
    #expect(upstream.send(1) == .none)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(2))])
  }

  // OpenCombine's DelayTests.testRequest and testBasicBehavior: every request reaches upstream at
  // once as it was made, .none included; a value returns .none and its downstream's demand is
  // requested once it is delivered.
  @Test func everyRequestIsPassedOnAsMadeAndADeliveredValuesDemandIsRequested() throws {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none, extra: .max(12))
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(keeper)
    scheduler.advance()
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(10))
    subscription.request(.max(4))
    subscription.request(.none)
    #expect(upstream.send(2000) == .none)
    #expect(upstream.subscription.calls == [.request(.max(10)), .request(.max(4)), .request(.none)])
    scheduler.advance(by: .seconds(1))
    #expect(keeper.events == [.subscription, .value(2000)])
    #expect(
      upstream.subscription.calls == [
        .request(.max(10)), .request(.max(4)), .request(.none), .request(.max(12)),
      ])
  }

  // OpenCombine's DelayTests.testBasicBehavior, at 0239e54 (the newest version stored; 1b8a26b is
  // not): the subscription reaches the downstream at once, with no call to the scheduler; each value
  // and the completion ask for now and one timer an interval later, with the tolerance and options
  // given; what comes after the completion is ignored.
  @Test func handsItsSubscriptionDownstreamAtOnceAndTimesEachEvent() {
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(100), extra: .max(12))
    upstream.delay(
      for: .milliseconds(200), tolerance: .milliseconds(5), scheduler: scheduler,
      options: .init(qos: .userInitiated)
    ).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(100))])
    #expect(scheduler.calls == [])
    for value in 1...3 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription])
    #expect(scheduler.calls == Array(repeating: [.now, .scheduleAfter(200)], count: 3).flatMap { $0 })
    scheduler.advance(by: .milliseconds(200))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(
      upstream.subscription.calls == [.request(.max(100))] + Array(repeating: .request(.max(12)), count: 3))
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(upstream.send(4) == .none)
    #expect(scheduler.calls.suffix(2) == [.now, .scheduleAfter(400)])
    #expect(scheduler.calls.count == 8)
    #expect(scheduler.optionsGiven == Array(repeating: true, count: 4))
    #expect(scheduler.tolerances == Array(repeating: .milliseconds(5), count: 4))
    scheduler.advance(by: .milliseconds(200))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls.count == 4)
  }

  // OpenCombine's DelayTests.testReceiveCompletionImmediatelyAfterSubscription, at 0239e54: a
  // completion right after the subscription is delayed like any event.
  @Test func aCompletionRightAfterTheSubscriptionComesAnIntervalLater() {
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription])
    #expect(scheduler.calls == [.minimumTolerance, .now, .scheduleAfter(1000)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's DelayTests.testReceiveCompletionImmediatelyAfterValue, at 0239e54: a value and the
  // completion right after it each have a timer from now; the value is delivered first and its
  // downstream's demand still reaches the upstream, which has already finished.
  @Test func aValueDeliveredAfterTheUpstreamFinishedStillAsksItForTheDemand() {
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(418))
    upstream.delay(for: .milliseconds(123), scheduler: scheduler).subscribe(recorder)
    #expect(upstream.send(-1) == .none)
    scheduler.advance(by: .milliseconds(123))
    #expect(upstream.send(1000) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(-1)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .request(.max(418))])
    #expect(
      scheduler.calls == [
        .minimumTolerance, .now, .scheduleAfter(123), .now, .scheduleAfter(246), .now, .scheduleAfter(246),
      ])
    scheduler.advance(by: .milliseconds(123))
    #expect(recorder.events == [.subscription, .value(-1), .value(1000), .completion(.finished)])
    #expect(
      upstream.subscription.calls == [.request(.unlimited), .request(.max(418)), .request(.max(418))])
  }

  // OpenCombine's DelayTests.testCrashesWhenReceivingInputRecursively (which, at 0239e54, expects no
  // crash) and testReceiveCompletionRecursively: on the immediate scheduler, values sent from inside
  // the downstream's receive are all delivered, each answered with its demand, and a completion sent
  // from inside the downstream's receive(completion:) is ignored.
  @Test func onTheImmediateSchedulerValuesAndACompletionSentFromInsideDeliveryAreHandled() {
    let upstream = ManualPublisher<Int, TestError>()
    var sendsLeft = 5
    let recorder = Recorder<Int, TestError>(extra: .max(418)) { _ in
      guard sendsLeft > 0 else { return }
      sendsLeft -= 1
      upstream.send(-1)
    }
    upstream.delay(for: .milliseconds(123), scheduler: ImmediateScheduler.shared).subscribe(recorder)
    #expect(upstream.send(0) == .none)
    #expect(recorder.events == [.subscription, .value(0)] + Array(repeating: .value(-1), count: 5))
    #expect(
      upstream.subscription.calls == [.request(.unlimited)] + Array(repeating: .request(.max(418)), count: 6))

    let finishing = ManualPublisher<Int, TestError>()
    var completions = 0
    let cancellable = finishing.delay(for: .milliseconds(123), scheduler: ImmediateScheduler.shared).sink(
      receiveCompletion: { _ in
        completions += 1
        finishing.send(completion: .finished)
      }, receiveValue: { _ in })
    finishing.send(completion: .finished)
    #expect(completions == 1)
    cancellable.cancel()
  }

  // OpenCombine's DelayTests.testStrongCaptureWhenSchedulingCompletion, at 0239e54: a cancel drops
  // the values on their way, but a completion received before it is still delivered, when its own
  // timer runs.
  @Test func cancellingDropsTheValuesOnTheirWayButNotACompletionAlreadyReceived() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    scheduler.advance(by: .milliseconds(300))
    upstream.send(completion: .finished)
    scheduler.advance(by: .milliseconds(200))
    recorder.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription), at(1300, .completion(.finished))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // The same test: the timer of that completion keeps the cancelled downstream until it runs.
  @Test func aCompletionsTimerKeepsTheCancelledDownstreamAndDeliversTheCompletion() {
    let scheduler = DispatchQueue.test
    let completions = Locked<[Subscribers.Completion<Never>]>([])
    weak var weakToken: Token?
    do {
      let subject = PassthroughSubject<Int, Never>()
      let token = Token()
      weakToken = token
      let subscription = Locked<(any Subscription)?>(nil)
      subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(
        AnySubscriber<Int, Never>(
          receiveSubscription: { received in
            subscription.withLock { $0 = received }
            received.request(.unlimited)
          },
          receiveValue: { _ in .none },
          receiveCompletion: { completion in withExtendedLifetime(token) { completions.append(completion) } })
      )
      subject.send(completion: .finished)
      subscription.withLock { $0 }?.cancel()
      subscription.withLock { $0 = nil }
    }
    #expect(weakToken != nil)
    scheduler.advance(by: .seconds(1))
    #expect(completions.value == [.finished])
    #expect(weakToken == nil)
  }

  @Test func ignoresEverythingAfterCompletion() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance()
    upstream.send(completion: .finished)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription), at(1000, .completion(.finished))])
  }

  @Test(.tags(.realClock)) func keepsTheOrderOnAConcurrentQueue() {
    let queue = DispatchQueue(label: "DelayTests.concurrent", attributes: .concurrent)
    let subject = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let values = Locked<[Int]>([])
    let overlapping = Locked((now: 0, most: 0))
    let cancellable = subject.delay(for: .milliseconds(10), scheduler: queue).sink(
      receiveCompletion: { _ in done.signal() },
      receiveValue: { value in
        overlapping.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
        values.append(value)
        overlapping.withLock { $0.now -= 1 }
      })
    // The subscription is handed on through the queue: a barrier waits for it.
    queue.sync(flags: .barrier) {}
    for value in 1...200 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(wait(for: done))
    #expect(values.value.count == 200)
    #expect(overlapping.value.most == 1)
    cancellable.cancel()
  }

  @Test func defaultsToTheSchedulersMinimumTolerance() {
    let delay = Just(1).delay(for: .seconds(1), scheduler: DispatchQueue.test)
    #expect(delay.tolerance == .nanoseconds(0))
    #expect(
      Just(1).delay(for: .seconds(1), tolerance: .milliseconds(5), scheduler: DispatchQueue.test).tolerance
        == .milliseconds(5))
  }

  // OpenCombine's DelayTests.testDelayReflection: Combine's delay does not customize its reflection.
  @Test func describesItselfAsCombineDoes() throws {
    let scheduler = DispatchQueue.test
    let publisher = PassthroughSubject<Int, Never>().delay(for: .seconds(1), scheduler: scheduler)
    let probe = SubscriptionProbe<Int, Never>()
    publisher.subscribe(probe)
    scheduler.advance()
    let subscription = try #require(probe.subscription)
    #expect(!(subscription is any CustomStringConvertible))
    #expect(!(subscription is any CustomPlaygroundDisplayConvertible))
    #expect(!(subscription is any CustomReflectable))
    #expect(String(describing: subscription).contains("DelayInner<"))
  }

  // OpenCombine's DelayTests.testDelayLifecycle (cancellingSubscriptionReleasesSubscriber: false), at
  // 0239e54: Combine's delay keeps its downstream after the completion and after a cancel, until it
  // is released itself.
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in
        upstream.delay(for: 42, scheduler: ImmediateScheduler.shared)
      }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
  }

  // OpenCombine's DelayTests.testStrongCaptureWhenSchedulingValue, at 0239e54: a timer not yet run
  // keeps the operator, and so its downstream, alive after a cancel and after the upstream let go;
  // when it runs, its value is dropped and the downstream let go.
  @Test func aTimerNotYetRunKeepsTheCancelledDownstreamAndDropsItsValue() {
    let scheduler = DispatchQueue.test
    let received = Locked<[Int]>([])
    weak var weakRecorder: Recorder<Int, Never>?
    do {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = Recorder<Int, Never> { received.append($0) }
      weakRecorder = recorder
      subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
      subject.send(42)
      recorder.cancel()
    }
    #expect(weakRecorder != nil)
    scheduler.advance(by: .seconds(1))
    #expect(received.value == [])
    #expect(weakRecorder == nil)
  }
}

/// A scheduler that keeps what it is given and runs it when told, last first: as a concurrent queue
/// may run two timers that fall due together.
private final class LastFirstScheduler: Scheduler, @unchecked Sendable {
  typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
  typealias SchedulerOptions = Never

  private var actions: [() -> Void] = []

  var now: SchedulerTimeType { ImmediateScheduler.shared.now }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) { actions.append(action) }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) { actions.append(action) }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    actions.append(action)
    return AnyCancellable {}
  }

  /// Runs everything scheduled so far, the last scheduled first.
  func runLastFirst() {
    let scheduled = actions
    actions = []
    for action in scheduled.reversed() { action() }
  }
}

@Suite struct DelayOrderTests {
  @Test func eventsComeOutInTheOrderTheyCameInWhenTheirTimersRunOutOfOrder() {
    let scheduler = LastFirstScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var events: [String] = []
    let cancellable = subject.delay(for: .zero, scheduler: scheduler).sink(
      receiveCompletion: { _ in events.append("finished") }, receiveValue: { events.append("\($0)") })
    scheduler.runLastFirst()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    scheduler.runLastFirst()
    #expect(events == ["1", "2", "finished"])
    cancellable.cancel()
  }

  // The subscription comes first, and the events sent right after it follow in order, even when their
  // timers run last first.
  @Test func nothingReachesTheDownstreamBeforeItsSubscription() {
    let scheduler = LastFirstScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.delay(for: .zero, scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    scheduler.runLastFirst()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }
}
