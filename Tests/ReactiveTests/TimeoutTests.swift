import Dispatch
import Reactive
import Testing

@Suite struct TimeoutTests {
  @Test func finishesAndCancelsTheUpstreamWhenItStaysQuietForTheInterval() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [at(0, .subscription), at(1000, .completion(.finished))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [at(0, .subscription), at(1000, .completion(.finished))])
  }

  /// A scheduler that runs the timer at once (`ImmediateScheduler`) times the stream out while it is
  /// being subscribed: the subscriber gets its subscription first, then the completion. (Combine's
  /// traps here, OpenCombine's TimeoutTests.testCrashesWithImmediateScheduler at 1b8a26b; ours keeps
  /// the subscriber's contract instead.)
  @Test func aTimeoutThatFiresWhileSubscribingReachesTheSubscriberAfterItsSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.timeout(.seconds(1), scheduler: ImmediateScheduler.shared).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func failsWithTheCustomErrorWhenGiven() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.timeout(.seconds(1), scheduler: scheduler, customError: { .boom }).subscribe(recorder)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [at(0, .subscription), at(1000, .completion(.failure(.boom)))])
  }

  @Test func eachValueIsDeliveredThroughTheSchedulerAndStartsTheWaitAgain() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(600))
    subject.send(1)
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance(by: .milliseconds(0))
    scheduler.advance(by: .milliseconds(900))
    subject.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [at(0, .subscription), at(600, .value(1)), at(1500, .value(2))])
    scheduler.advance(by: .milliseconds(1))
    #expect(
      recorder.events == [
        at(0, .subscription), at(600, .value(1)), at(1500, .value(2)), at(2500, .completion(.finished)),
      ])
  }

  @Test func theUpstreamsCompletionIsDeliveredThroughTheSchedulerAndStopsTheWait() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.timeout(.seconds(1), scheduler: scheduler, customError: { .other }).subscribe(recorder)
    scheduler.advance(by: .milliseconds(500))
    upstream.send(7)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance(by: .seconds(5))
    #expect(
      recorder.events == [at(0, .subscription), at(500, .value(7)), at(500, .completion(.failure(.boom)))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func theDownstreamsFirstRequestStartsTheWaitAgain() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler, request: .none)
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(600))
    recorder.request(.max(1))
    scheduler.advance(by: .milliseconds(300))
    recorder.request(.max(2))
    scheduler.advance(by: .milliseconds(699))
    #expect(recorder.events == [at(0, .subscription)])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [at(0, .subscription), at(1600, .completion(.finished))])
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(2)), .cancel])
  }

  @Test func demandAValueReturnsIsRequestedFromTheUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler, request: .max(2), extra: .max(1))
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.calls == [.request(.max(2))])
    scheduler.advance(by: .milliseconds(0))
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(1))])
  }

  @Test func cancelDropsWhatIsOnItsWayAndStopsTheWait() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = TimedRecorder<Int, TestError>(scheduler)
    upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [at(0, .subscription)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func asksTheSchedulerForATimerAtTheSubscriptionTheFirstRequestAndEachValue() {
    let scheduler = RecordingScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.timeout(.seconds(1), scheduler: scheduler).subscribe(recorder)
    let timer = [SchedulerCall.now, .minimumTolerance, .scheduleRepeating(after: 1000, interval: 1000)]
    #expect(scheduler.calls == timer + timer)
    scheduler.clearCalls()
    scheduler.advance(by: .milliseconds(300))
    subject.send(1)
    #expect(
      scheduler.calls == [
        .now, .minimumTolerance, .scheduleRepeating(after: 1300, interval: 1000), .schedule,
      ])
    scheduler.clearCalls()
    subject.send(completion: .finished)
    #expect(scheduler.calls == [.schedule])
    scheduler.advance(by: .seconds(0))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  // Follows OpenCombine's TimeoutTests.testRequestWithoutCustomError and testRequestWithCustomError
  // at 1b8a26b: a zero request goes upstream as it is, and, being the first, starts the wait again.
  @Test func aZeroRequestIsPassedUpstream() {
    for customError in [nil, { TestError.boom }] {
      let scheduler = RecordingScheduler()
      let upstream = ManualPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>(request: .none, extra: .max(1))
      upstream.timeout(.milliseconds(13), scheduler: scheduler, customError: customError).subscribe(recorder)
      let timer = [SchedulerCall.now, .minimumTolerance, .scheduleRepeating(after: 13, interval: 13)]
      #expect(upstream.subscription.calls == [])
      #expect(scheduler.calls == timer)
      recorder.request(.none)
      #expect(upstream.subscription.calls == [.request(.none)])
      #expect(scheduler.calls == timer + timer)
      recorder.request(.max(2))
      recorder.request(.max(42))
      #expect(upstream.subscription.calls == [.request(.none), .request(.max(2)), .request(.max(42))])
      #expect(scheduler.calls == timer + timer)
      scheduler.advance(by: .milliseconds(14))
      recorder.request(.max(13))
      #expect(
        upstream.subscription.calls == [.request(.none), .request(.max(2)), .request(.max(42)), .cancel])
      let completion: Subscribers.Completion<TestError> = customError == nil ? .finished : .failure(.boom)
      #expect(recorder.events == [.subscription, .completion(completion)])
    }
  }

  // Follows OpenCombine's TimeoutTests.testBasicBehaviorWithoutCustomError and
  // testUpstreamFinishesNoCustomError at 1b8a26b: every timer and every delivery is given the options;
  // the timeout itself asks the scheduler nothing and ends the stream at once.
  @Test func theOptionsGoToEveryTimerAndDeliveryAndTheTimeoutAsksNothing() {
    func timer(_ at: Int) -> [SchedulerCall] {
      [.now, .minimumTolerance, .scheduleRepeating(after: at, interval: 13)]
    }
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(1))
    upstream.timeout(.milliseconds(13), scheduler: scheduler, options: .init(qos: .userInitiated))
      .subscribe(recorder)
    #expect(scheduler.calls == timer(13) + timer(13))
    scheduler.advance(by: .milliseconds(10))
    #expect(upstream.send(1) == .none)
    scheduler.advance(by: .milliseconds(1))
    #expect(upstream.send(2) == .none)
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    let calls = timer(13) + timer(13) + timer(23) + [.schedule] + timer(24) + [.schedule]
    #expect(scheduler.calls == calls)
    #expect(scheduler.optionsGiven == Array(repeating: true, count: 6))
    scheduler.advance(by: .milliseconds(200))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(scheduler.calls == calls)
    #expect(
      upstream.subscription.calls == [.request(.max(2)), .request(.max(1)), .request(.max(1)), .cancel])

    let finishing = RecordingScheduler()
    let second = ManualPublisher<Int, TestError>()
    let seen = Recorder<Int, TestError>(request: .none)
    second.timeout(.milliseconds(13), scheduler: finishing, options: .init(qos: .userInitiated)).subscribe(
      seen)
    second.send(completion: .finished)
    #expect(finishing.calls == timer(13) + [.schedule])
    #expect(finishing.optionsGiven == [true, true])
    #expect(seen.events == [.subscription])
    finishing.advance(by: .milliseconds(20))
    #expect(seen.events == [.subscription, .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(
      of: PassthroughSubject<Int, TestError>().timeout(.seconds(1), scheduler: DispatchQueue.test))
    #expect(reflected.description == "Timeout")
    #expect(reflected.playground == "Timeout")
    // OpenCombine's TimeoutTests.testTimeoutReflection at 1b8a26b: no children.
    #expect(reflected.children.isEmpty)
  }

  @Test func letsTheDownstreamAndTheCustomErrorGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let scheduler = DispatchQueue.test
      let released = releaseCheck(ending, advancing: scheduler) { upstream, token in
        upstream.timeout(
          .seconds(10), scheduler: scheduler, customError: { withExtendedLifetime(token) { .boom } })
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }

  // OpenCombine's TimeoutTests testBasicBehaviorWithoutCustomError and
  // testBasicBehaviorWithCustomError, at 1b8a26b: after the values, the timeout finishes the stream,
  // or fails it with the custom error, and cancels upstream; the upstream's completions after it are
  // ignored.
  @Test(arguments: [false, true])
  func theTimeoutAfterTheValuesEndsTheStreamAndWhatFollowsIsIgnored(customError: Bool) {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(1))
    upstream.timeout(.nanoseconds(13), scheduler: scheduler, customError: customError ? { .other } : nil)
      .subscribe(recorder)
    scheduler.advance(by: .nanoseconds(10))
    #expect(upstream.send(1) == .none)
    scheduler.advance(by: .nanoseconds(1))
    #expect(upstream.send(2) == .none)
    scheduler.advance(by: .nanoseconds(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    scheduler.advance(by: .nanoseconds(188))
    let ending: Subscribers.Completion<TestError> = customError ? .failure(.other) : .finished
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(ending)])
    #expect(
      upstream.subscription.calls == [.request(.max(2)), .request(.max(1)), .request(.max(1)), .cancel])
    scheduler.advance(by: .nanoseconds(10))
    upstream.send(completion: .finished)
    scheduler.advance(by: .nanoseconds(10))
    upstream.send(completion: .failure(.boom))
    scheduler.advance(by: .nanoseconds(200))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(ending)])
    #expect(
      upstream.subscription.calls == [.request(.max(2)), .request(.max(1)), .request(.max(1)), .cancel])
  }

  // OpenCombine's TimeoutTests.testNoUpstreamRequestOnZeroDemand, at 1b8a26b: a value the
  // downstream answers with no demand asks the upstream for nothing.
  @Test func aValueAnsweredWithNoDemandAsksTheUpstreamForNothing() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.timeout(.nanoseconds(13), scheduler: scheduler).subscribe(recorder)
    #expect(upstream.send(42) == .none)
    #expect(upstream.subscription.calls == [.request(.max(1))])
    scheduler.advance(by: .nanoseconds(2))
    #expect(recorder.events == [.subscription, .value(42)])
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  // OpenCombine's TimeoutTests testCancellationWithoutCustomError and
  // testCancellationWithCustomError, at 1b8a26b: a cancel before any request cancels upstream, and
  // the timer never ends the stream after it.
  @Test(arguments: [false, true])
  func aCancelBeforeAnyRequestCancelsUpstreamAndNothingTimesOutAfter(customError: Bool) {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.timeout(.nanoseconds(13), scheduler: scheduler, customError: customError ? { .other } : nil)
      .subscribe(recorder)
    #expect(upstream.subscription.calls == [])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.cancel])
    scheduler.advance(by: .nanoseconds(14))
    #expect(upstream.subscription.calls == [.cancel])
    #expect(recorder.events == [.subscription])
  }

  // OpenCombine's TimeoutTests testUpstreamFinishesCustomError, testUpstreamFailsCustomError,
  // testUpstreamFinishesNoCustomError and testUpstreamFailsNoCustomError, at 1b8a26b: the upstream's
  // completion is delivered through the scheduler as it is, and the timer never ends the stream
  // after it.
  @Test(arguments: [false, true], [false, true])
  func theUpstreamsCompletionIsDeliveredAsItIsAndNothingTimesOutAfter(fails: Bool, customError: Bool) {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(1))
    upstream.timeout(.nanoseconds(13), scheduler: scheduler, customError: customError ? { .other } : nil)
      .subscribe(recorder)
    let completion: Subscribers.Completion<TestError> = fails ? .failure(.boom) : .finished
    upstream.send(completion: completion)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .nanoseconds(2))
    #expect(recorder.events == [.subscription, .completion(completion)])
    scheduler.advance(by: .nanoseconds(18))
    #expect(recorder.events == [.subscription, .completion(completion)])
    #expect(upstream.subscription.calls == [])
  }

  // OpenCombine's TimeoutTests testCancelWhileInputIsInFlight… and the four
  // testCancelWhile…IsInFlight… of a completion, at 1b8a26b: a cancel while a value or the upstream's
  // completion is on its way through the scheduler drops it, cancels upstream, and nothing times out
  // after it.
  @Test(arguments: [0, 1, 2], [false, true])
  func aCancelWhileAnEventIsOnItsWayDropsIt(event: Int, customError: Bool) {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.timeout(.nanoseconds(13), scheduler: scheduler, customError: customError ? { .other } : nil)
      .subscribe(recorder)
    switch event {
    case 0: #expect(upstream.send(42) == .none)
    case 1: upstream.send(completion: .finished)
    default: upstream.send(completion: .failure(.boom))
    }
    #expect(recorder.events == [.subscription])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
    scheduler.advance(by: .nanoseconds(200))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
  }

  // OpenCombine's TimeoutTests testSetupTimerStrongCapture, testReceiveValueScheduleStrongCapture
  // and testReceiveCompletionScheduleStrongCapture, at 1b8a26b: once the upstream and everything
  // else are gone, the timer, or a value or a completion on its way, still keeps the downstream.
  @Test(arguments: [0, 1, 2])
  func theTimerOrAnEventOnItsWayKeepsTheDownstreamWhenNothingElseDoes(event: Int) {
    let scheduler = DispatchQueue.test
    weak var weakRecorder: Recorder<Int, TestError>?
    weak var weakUpstream: HandDrivenPublisher<Int, TestError>?
    do {
      let upstream = HandDrivenPublisher<Int, TestError>()
      weakUpstream = upstream
      let recorder = Recorder<Int, TestError>(request: .none)
      weakRecorder = recorder
      upstream.timeout(.nanoseconds(13), scheduler: scheduler).subscribe(recorder)
      upstream.giveSubscription()
      if event == 1 { upstream.send(1) }
      if event == 2 { upstream.send(completion: .finished) }
    }
    #expect(weakUpstream == nil)
    #expect(weakRecorder != nil)
    scheduler.advance(by: .nanoseconds(13))
  }
}
