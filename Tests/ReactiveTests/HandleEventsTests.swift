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
}
