import Reactive
import Testing

@Suite struct HandleEventsTests {
  private static func observed<P: Publisher>(_ upstream: P, into log: Locked<[String]>)
    -> Publishers.HandleEvents<P>
  {
    upstream.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveOutput: { log.append("output \($0)") },
      receiveCompletion: { log.append("completion \($0)") },
      receiveCancel: { log.append("cancel") },
      receiveRequest: { log.append("request \($0)") })
  }

  @Test func callsEachClosureInEventOrderWithoutChangingEvents() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    Self.observed(subject, into: log).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(
      log.value == [
        "subscription", "request max(1)", "output 1", "request max(1)", "output 2", "request max(1)",
        "completion finished",
      ])
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func callsReceiveCancelOnceAndStopsValues() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, Never>()
    Self.observed(subject, into: log).subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    subject.send(2)
    #expect(log.value == ["subscription", "request unlimited", "output 1", "cancel"])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelAfterCompletionIsNotReported() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let cancellable = Self.observed(subject, into: log).sink { _ in }
    subject.send(completion: .finished)
    cancellable.cancel()
    #expect(log.value == ["subscription", "request unlimited", "completion finished"])
  }

  @Test func passesDemandUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.handleEvents().subscribe(recorder)
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  /// As Combine's (OpenCombine's HandleEventsTests testBasicBehavior): after the completion the
  /// closures fall silent, but a second completion and a later value still pass, with the
  /// downstream's demand; a request of `.none` is reported and passed on.
  @Test func fallsSilentAfterTheCompletionButLetsEventsPass() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(2))
    Self.observed(upstream, into: log).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    recorder.request(.none)
    #expect(upstream.send(1) == .max(2))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(2) == .max(2))
    #expect(
      log.value == [
        "subscription", "request max(0)", "output 1", "request max(2)", "completion finished",
      ])
    #expect(subscription.calls == [.request(.none)])
    #expect(
      recorder.events == [
        .subscription, .value(1), .completion(.finished), .completion(.failure(.boom)), .value(2),
      ])
  }

  /// As Combine's (testCancelAlreadyCancelled): a cancel is reported once and cancels the upstream
  /// once; a request after it goes nowhere; what the upstream still sends passes, unreported.
  @Test func reportsOneCancelAndStillPassesWhatTheUpstreamSends() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(5))
    Self.observed(upstream, into: log).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    let handleEvents = upstream.subscriber as? any Subscription
    handleEvents?.cancel()
    handleEvents?.request(.max(1))
    handleEvents?.cancel()
    #expect(upstream.send(1) == .max(5))
    upstream.send(completion: .finished)
    #expect(log.value == ["subscription", "request max(2)", "cancel"])
    #expect(subscription.calls == [.request(.max(2)), .cancel])
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  /// As Combine's (testHandleEventsReceiveSubscriptionTwice): a second subscription is reported,
  /// then cancelled.
  @Test func reportsASecondSubscriptionThenCancelsIt() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    Self.observed(upstream, into: log).subscribe(Recorder<Int, TestError>(request: .none))
    upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(log.value == ["subscription", "subscription"])
    #expect(second.calls == [.cancel])
  }

  // OpenCombine's HandleEventsTests.testBasicBehavior, at 1b8a26b: the subscription closure is given
  // the upstream's subscription; handleEvents asks the upstream for nothing itself; a value answered
  // with no demand reports no request; each request of the downstream is reported and passed on.
  @Test func reportsTheUpstreamsSubscriptionAndOnlyTheDemandsMade() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.handleEvents(
      receiveSubscription: { log.append("subscription \($0)") },
      receiveOutput: { log.append("output \($0)") },
      receiveRequest: { log.append("request \($0)") }
    ).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(upstream.send(0) == .none)
    #expect(subscription.calls == [])
    recorder.request(.max(14))
    recorder.request(.max(10))
    #expect(log.value == ["subscription HandDriven", "output 0", "request max(14)", "request max(10)"])
    #expect(subscription.calls == [.request(.max(14)), .request(.max(10))])
    #expect(recorder.events == [.subscription, .value(0)])
  }

  // OpenCombine's HandleEventsTests.testAccumulatesDemandUntilSubscriptionArrives, at 1b8a26b: the
  // requests a downstream makes as its subscription arrives reach the upstream at once, in order.
  @Test func requestsMadeAsTheSubscriptionArrivesGoUpstreamAtOnceInOrder() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let seenUpstream = Locked<[RecordingSubscription.Call]?>(nil)
    upstream.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveRequest: { log.append("request \($0)") }
    ).subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: { downstream in
          downstream.request(.max(45))
          downstream.request(.none)
          downstream.request(.max(13))
          seenUpstream.withLock { $0 = upstream.subscriptions.last?.calls }
        }))
    let subscription = upstream.giveSubscription()
    let expected: [RecordingSubscription.Call] = [.request(.max(45)), .request(.none), .request(.max(13))]
    #expect(seenUpstream.value == expected)
    #expect(subscription.calls == expected)
    #expect(log.value == ["subscription", "request max(45)", "request max(0)", "request max(13)"])
  }

  // OpenCombine's HandleEventsTests testHandleEventsReceiveValueBeforeSubscription and
  // testHandleEventsReceiveCompletionBeforeSubscription, at 1b8a26b: before the subscription the
  // closures are not silent: a value is reported with the demand the downstream answers it with, and
  // so is a completion.
  @Test func reportsAValueAndACompletionThatComeBeforeTheSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(extra: .max(42))
    Self.observed(upstream, into: log).subscribe(recorder)
    #expect(upstream.send(144) == .max(42))
    upstream.send(completion: .finished)
    #expect(log.value == ["output 144", "request max(42)", "completion finished"])
    #expect(recorder.events == [.value(144), .completion(.finished)])
  }

  // OpenCombine's HandleEventsTests.testHandleEventsCancelBeforeSubscription, at 1b8a26b: a cancel
  // before the subscription is reported, and so is the subscription that comes after it, which is
  // left alone.
  @Test func reportsACancelBeforeTheSubscriptionAndTheSubscriptionAfterIt() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    Self.observed(upstream, into: log).subscribe(Recorder<Int, TestError>(request: .none))
    (upstream.subscriber as? any Subscription)?.cancel()
    let late = upstream.giveSubscription()
    #expect(log.value == ["cancel", "subscription"])
    #expect(late.calls == [])
  }

  // OpenCombine's HandleEventsTests.testHandleEventsReceiveSubscriptionTwice, at 1b8a26b: the live
  // subscription sent again is reported too, then cancelled, and the downstream's cancel is still
  // reported after it.
  @Test func reportsTheLiveSubscriptionSentAgainAndTheCancelAfterIt() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let log = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(request: .none)
    Self.observed(upstream, into: log).subscribe(recorder)
    let first = upstream.giveSubscription()
    upstream.subscriber?.receive(subscription: HandDrivenSubscription())
    upstream.subscriber?.receive(subscription: first)
    #expect(first.calls == [.cancel])
    recorder.cancel()
    #expect(first.calls == [.cancel, .cancel])
    #expect(log.value == ["subscription", "subscription", "subscription", "cancel"])
  }
}
