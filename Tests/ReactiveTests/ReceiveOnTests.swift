import Dispatch
import Reactive
import Testing

@Suite struct ReceiveOnTests {
  @Test func handsTheSubscriptionOnAtOnceAndValuesAndCompletionOnlyWhenTheSchedulerRuns() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.receive(on: scheduler).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription])
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func valuesSentBeforeTheSchedulerRunsAreNotLost() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func currentValueArrivesAfterTheSubscriptionOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = CurrentValueSubject<Int, Never>(4)
    let recorder = Recorder<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(4)])
  }

  @Test func honoursDemand() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .none)
    subject.receive(on: scheduler).subscribe(recorder)
    scheduler.advance()
    for value in 1...3 { subject.send(value) }
    scheduler.advance()
    recorder.request(.max(1))
    subject.send(4)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(4)])
  }

  @Test func extraDemandReturnedOnTheSchedulerReachesUpstream() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    subject.receive(on: scheduler).subscribe(recorder)
    scheduler.advance()
    subject.send(1)
    scheduler.advance()
    subject.send(2)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  // OpenCombine's ReceiveOnTests.testBasicBehavior, at 0239e54: nothing is scheduled for the
  // subscription; each value and the completion are one schedule(options:) with the options given,
  // and each delivered value's demand is asked of the upstream; what comes after the completion is
  // ignored.
  @Test func schedulesEachValueAndTheCompletionWithTheOptionsGiven() {
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(100), extra: .max(12))
    upstream.receive(on: scheduler, options: .init(qos: .userInitiated)).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(100))])
    #expect(scheduler.calls == [])
    for value in 1...3 { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription])
    #expect(scheduler.calls == [.schedule, .schedule, .schedule])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(
      upstream.subscription.calls == [.request(.max(100))] + Array(repeating: .request(.max(12)), count: 3))
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(upstream.send(4) == .none)
    #expect(scheduler.calls == [.schedule, .schedule, .schedule, .schedule])
    #expect(scheduler.optionsGiven == [true, true, true, true])
    scheduler.advance(by: .zero)
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls.count == 4)
  }

  // OpenCombine's ReceiveOnTests.testRequest and testReceiveCompletionImmediatelyAfterSubscription,
  // at 0239e54: every request reaches the upstream at once, as made, .none included; a completion
  // right after the subscription waits for the scheduler like a value.
  @Test func passesEveryRequestOnAtOnceAndSchedulesAnEarlyCompletion() throws {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .none)
    upstream.receive(on: scheduler).subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    for demand in [Subscribers.Demand.max(10), .max(4), .max(5), .none] { subscription.request(demand) }
    #expect(upstream.send(2000) == .none)
    #expect(
      upstream.subscription.calls == [
        .request(.max(10)), .request(.max(4)), .request(.max(5)), .request(.none),
      ])
    scheduler.advance()
    #expect(keeper.events == [.subscription, .value(2000)])
    #expect(upstream.subscription.calls.count == 4)

    let finishing = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    finishing.receive(on: scheduler).subscribe(recorder)
    finishing.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(finishing.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ReceiveOnTests.testCancelWhileReceivingInput, at 0239e54: a downstream that cancels
  // from inside its receive and answers with more demand leaves the upstream with the cancel alone.
  @Test func aCancelFromInsideReceiveAsksTheUpstreamForNothingMore() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let subscription = Locked<(any Subscription)?>(nil)
    upstream.receive(on: scheduler).subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: { received in subscription.withLock { $0 = received } },
        receiveValue: { _ in
          subscription.value?.cancel()
          return .max(42)
        }))
    #expect(upstream.send(1) == .none)
    #expect(upstream.subscription.calls == [])
    scheduler.advance()
    #expect(upstream.subscription.calls == [.cancel])
  }

  // OpenCombine's ReceiveOnTests.testReceiveInputRecursively and testReceiveCompletionRecursively, at
  // 0239e54: on the immediate scheduler, values sent from inside the downstream's receive are
  // delivered at once, each answered with its demand, and a completion sent from inside
  // receive(completion:) is ignored.
  @Test func onTheImmediateSchedulerValuesAndACompletionSentFromInsideDeliveryAreHandled() {
    let upstream = ManualPublisher<Int, TestError>()
    var sendsLeft = 5
    let recorder = Recorder<Int, TestError>(extra: .max(418)) { _ in
      guard sendsLeft > 0 else { return }
      sendsLeft -= 1
      upstream.send(-1)
    }
    upstream.receive(on: ImmediateScheduler.shared).subscribe(recorder)
    #expect(upstream.send(0) == .none)
    #expect(recorder.events == [.subscription, .value(0)] + Array(repeating: .value(-1), count: 5))
    #expect(
      upstream.subscription.calls == [.request(.unlimited)] + Array(repeating: .request(.max(418)), count: 6))

    let finishing = ManualPublisher<Int, TestError>()
    var completions = 0
    let cancellable = finishing.receive(on: ImmediateScheduler.shared).sink(
      receiveCompletion: { _ in
        completions += 1
        finishing.send(completion: .finished)
      }, receiveValue: { _ in })
    finishing.send(completion: .finished)
    #expect(completions == 1)
    cancellable.cancel()
  }

  // OpenCombine's ReceiveOnTests.testReceiveCompletionImmediatelyAfterValue, at 0239e54 (the newest
  // version stored; 1b8a26b is not): a value delivered after the upstream finished, before the
  // completion is, still asks the upstream for the demand it is answered with.
  @Test func aValueDeliveredAfterTheUpstreamFinishedStillAsksItForTheDemand() {
    let scheduler = RecordingScheduler()
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(418))
    upstream.receive(on: scheduler).subscribe(recorder)
    #expect(upstream.send(-1) == .none)
    scheduler.advance(by: .zero)
    #expect(upstream.send(1000) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(-1)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .request(.max(418))])
    #expect(scheduler.calls == [.schedule, .schedule, .schedule])
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.subscription, .value(-1), .value(1000), .completion(.finished)])
    #expect(
      upstream.subscription.calls == [.request(.unlimited), .request(.max(418)), .request(.max(418))])
  }

  // OpenCombine's ReceiveOnTests.testStrongCaptureWhenSchedulingValue and
  // testStrongCaptureWhenSchedulingCompletion: Combine drops a value already scheduled when a cancel
  // comes before it runs, and still delivers a completion already scheduled.
  @Test func cancelDropsValuesAlreadyScheduledButNotTheCompletion() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    scheduler.advance()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    recorder.cancel()
    scheduler.advance()
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func cancelBeforeTheCompletionIsScheduledDropsIt() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.receive(on: scheduler).subscribe(recorder)
    recorder.cancel()
    subject.send(completion: .finished)
    scheduler.advance()
    #expect(recorder.events == [.subscription])
  }

  // The same tests: an action the scheduler has not run yet keeps the subscriber alive, cancelled
  // and given up by everyone else, until it runs.
  @Test(arguments: [false, true])
  func anActionNotYetRunKeepsTheSubscriberUntilItRuns(_ completes: Bool) {
    let scheduler = DispatchQueue.test
    weak var weakRecorder: Recorder<Int, Never>?
    do {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = Recorder<Int, Never>()
      weakRecorder = recorder
      subject.receive(on: scheduler).subscribe(recorder)
      if completes {
        subject.send(completion: .finished)
      } else {
        subject.send(42)
      }
      recorder.cancel()
    }
    #expect(weakRecorder != nil)
    scheduler.advance()
    #expect(weakRecorder == nil)
  }

  @Test func immediateSchedulerDeliversSynchronously() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.receive(on: ImmediateScheduler.shared).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test(.tags(.realClock)) func deliversInOrderOnARealQueueOffTheCallingStack() {
    let queue = DispatchQueue(label: "ReceiveOnTests.real")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 1)
    let subject = PassthroughSubject<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let values = Locked<[Int]>([])
    let offQueue = Locked(0)
    let cancellable = subject.receive(on: queue).sink(
      receiveCompletion: { _ in done.signal() },
      receiveValue: { value in
        if DispatchQueue.getSpecific(key: key) != 1 { offQueue.withLock { $0 += 1 } }
        values.append(value)
      })
    for value in 1...1000 {
      subject.send(value)
    }
    subject.send(completion: .finished)
    #expect(wait(for: done))
    #expect(values.value == Array(1...1000))
    #expect(offQueue.value == 0)
    cancellable.cancel()
  }

  @Test func doesNotDeliverOnTheSendersStack() {
    let queue = DispatchQueue(label: "ReceiveOnTests.stack")
    let subject = PassthroughSubject<Int, Never>()
    let sending = Locked(false)
    let seenWhileSending = Locked<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let cancellable = subject.receive(on: queue).sink { _ in
      seenWhileSending.append(sending.value)
      done.signal()
    }
    queue.sync {}
    // Block the queue so nothing can run there while the value is being sent.
    queue.async { _ = gate.wait(timeout: .now() + 5) }
    sending.withLock { $0 = true }
    subject.send(1)
    sending.withLock { $0 = false }
    gate.signal()
    #expect(wait(for: done))
    #expect(seenWhileSending.value == [false])
    cancellable.cancel()
  }
}
