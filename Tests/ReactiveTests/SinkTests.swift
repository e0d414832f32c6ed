import Reactive
import Testing

@Suite struct SinkTests {
  @Test func receivesEveryValueThenTheCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let log = Locked<[Event<Int, TestError>]>([])
    let cancellable = subject.sink(
      receiveCompletion: { log.append(.completion($0)) }, receiveValue: { log.append(.value($0)) })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(log.value == [.value(1), .value(2), .completion(.failure(.boom))])
    cancellable.cancel()
  }

  @Test func valueOnlyFormForNeverFailingPublishers() {
    let received = Locked<[Int]>([])
    let cancellable = Just(4).sink { received.append($0) }
    #expect(received.value == [4])
    cancellable.cancel()
  }

  @Test func requestsUnlimitedDemand() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    #expect(subscription.calls == [.request(.unlimited)])
  }

  @Test func cancelsASecondSubscription() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
  }

  @Test func cancelCancelsTheSubscriptionOnce() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    sink.cancel()
    sink.cancel()
    #expect(subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func cancelAfterCompletionDoesNotCancelUpstream() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    sink.receive(completion: .finished)
    sink.cancel()
    #expect(subscription.calls == [.request(.unlimited)])
  }

  @Test func cancelStopsValues() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    let cancellable = subject.sink { received.append($0) }
    subject.send(1)
    cancellable.cancel()
    subject.send(2)
    #expect(received.value == [1])
  }

  @Test func cancelFromInsideItsOwnClosureStopsFurtherValues() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    let holder = Locked<AnyCancellable?>(nil)
    let cancellable = subject.sink { value in
      received.append(value)
      if value == 2 { holder.value?.cancel() }
    }
    holder.withLock { $0 = cancellable }
    for value in 1...4 { subject.send(value) }
    #expect(received.value == [1, 2])
    holder.withLock { $0 = nil }
  }
}

@Suite struct SinkContractTests {
  @Test func valuesAndASecondCompletionAfterCompletionAreIgnored() {
    let log = Locked<[Event<Int, TestError>]>([])
    let sink = Subscribers.Sink<Int, TestError>(
      receiveCompletion: { log.append(.completion($0)) }, receiveValue: { log.append(.value($0)) })
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    _ = sink.receive(1)
    sink.receive(completion: .failure(.boom))
    _ = sink.receive(2)
    sink.receive(completion: .finished)
    #expect(log.value == [.value(1), .completion(.failure(.boom))])
    #expect(subscription.calls == [.request(.unlimited)])
  }

  @Test func eventsAfterCancelAreIgnored() {
    let log = Locked<[Event<Int, TestError>]>([])
    let sink = Subscribers.Sink<Int, TestError>(
      receiveCompletion: { log.append(.completion($0)) }, receiveValue: { log.append(.value($0)) })
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    sink.cancel()
    _ = sink.receive(1)
    sink.receive(completion: .finished)
    #expect(log.value == [])
    #expect(subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func aSubscriptionAfterCancelIsCancelledNotUsed() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.cancel()
    let subscription = RecordingSubscription()
    sink.receive(subscription: subscription)
    #expect(subscription.calls == [.cancel])
  }

  @Test func closuresAreReadableAndDoNothingOnceTheSinkHasEnded() {
    let log = Locked<[Int]>([])
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { log.append($0) })
    sink.receive(subscription: RecordingSubscription())
    sink.receiveValue(1)
    sink.cancel()
    sink.receiveValue(2)
    #expect(log.value == [1])
  }

  // OpenCombine's SinkTests.testReceiveValue and testReceiveValueWithoutSubscription (at 0239e54,
  // the stored version; run by its CI against Combine): a sink fed by hand before any subscription
  // hands the value to its closure, and once complete ignores what follows.
  @Test func aValueBeforeAnySubscriptionReachesTheClosure() {
    let log = Locked<[Event<Int, TestError>]>([])
    let sink = Subscribers.Sink<Int, TestError>(
      receiveCompletion: { log.append(.completion($0)) }, receiveValue: { log.append(.value($0)) })
    #expect(sink.receive(12) == .none)
    #expect(log.value == [.value(12)])
    let subject = PassthroughSubject<Int, TestError>()
    subject.subscribe(sink)
    subject.send(42)
    subject.send(completion: .finished)
    #expect(sink.receive(100) == .none)
    subject.subscribe(sink)
    subject.send(1_000_000)
    sink.receive(completion: .failure(.boom))
    #expect(log.value == [.value(12), .value(42), .completion(.finished)])
  }

  @Test func aCompletionBeforeAnySubscriptionEndsTheSinkAndLetsItsClosuresGo() {
    let log = Locked<[Event<Int, TestError>]>([])
    weak var weakToken: CapturedToken?
    let sink: Subscribers.Sink<Int, TestError>
    do {
      let token = CapturedToken()
      weakToken = token
      sink = Subscribers.Sink(
        receiveCompletion: { completion in withExtendedLifetime(token) { log.append(.completion(completion)) }
        },
        receiveValue: { log.append(.value($0)) })
    }
    #expect(sink.receive(1) == .none)
    sink.receive(completion: .finished)
    #expect(weakToken == nil)
    #expect(sink.receive(2) == .none)
    sink.receive(completion: .finished)
    sink.cancel()
    #expect(log.value == [.value(1), .completion(.finished)])
  }

  // OpenCombine's SinkTests.testSubscription, at 9b3c361 (the version stored; 1b8a26b is not).
  @Test func theSameSubscriptionSentAgainIsCancelledAndOneAfterTheCompletionToo() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    sink.receive(subscription: first)
    #expect(first.calls == [.request(.unlimited), .cancel])
    sink.receive(completion: .finished)
    #expect(first.calls == [.request(.unlimited), .cancel])
    let third = RecordingSubscription()
    sink.receive(subscription: third)
    #expect(third.calls == [.cancel])
  }

  private enum Ending: CaseIterable {
    case cancel
    case finish
    case fail
  }

  // OpenCombine's SinkTests.testDoesNotReleaseClosuresAfterCancellationNoSubscription and the five
  // testReleasesClosuresAfter… tests, at 9b3c361: both closures go at a completion, with or without
  // a subscription, and at a cancel once subscribed; a cancel before any subscription keeps them.
  @Test(arguments: [false, true], Ending.allCases)
  private func aSinkLetsBothClosuresGoAtItsEndButKeepsThemAtACancelBeforeAnySubscription(
    subscribed: Bool, ending: Ending
  ) {
    weak var weakValueCapture: CapturedToken?
    weak var weakCompletionCapture: CapturedToken?
    let sink: Subscribers.Sink<Int, TestError>
    do {
      let valueCapture = CapturedToken()
      let completionCapture = CapturedToken()
      weakValueCapture = valueCapture
      weakCompletionCapture = completionCapture
      sink = Subscribers.Sink(
        receiveCompletion: { _ in _ = completionCapture }, receiveValue: { _ in _ = valueCapture })
    }
    if subscribed { sink.receive(subscription: RecordingSubscription()) }
    #expect(weakValueCapture != nil)
    #expect(weakCompletionCapture != nil)
    switch ending {
    case .cancel: sink.cancel()
    case .finish: sink.receive(completion: .finished)
    case .fail: sink.receive(completion: .failure(.boom))
    }
    let released = subscribed || ending != .cancel
    withExtendedLifetime(sink) {
      #expect((weakValueCapture == nil) == released)
      #expect((weakCompletionCapture == nil) == released)
    }
  }

  // OpenCombine's SinkTests.testRecursiveCompletion, at 9b3c361.
  @Test func aCompletionSentAgainFromInsideTheCompletionClosureIsIgnored() {
    let calls = Locked(0)
    let holder = Locked<Subscribers.Sink<Int, Never>?>(nil)
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { completion in
        let count = calls.withLock {
          $0 += 1
          return $0
        }
        if count < 10 { holder.value?.receive(completion: completion) }
      },
      receiveValue: { _ in })
    holder.withLock { $0 = sink }
    sink.receive(subscription: RecordingSubscription())
    sink.receive(completion: .finished)
    #expect(calls.value == 1)
    holder.withLock { $0 = nil }
  }

  // OpenCombine's SinkTests.testPublisherOperator, at 9b3c361.
  @Test func aSinkWhoseCancellableIsDroppedAtOnceReceivesNothing() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    do {
      _ = subject.sink { received.append($0) }
    }
    subject.send(100)
    #expect(received.value == [])
  }

  /// Combine's tests do not say what a sink cancelled before any subscription does with a value fed
  /// by hand; ours keeps the promise of `cancel()`: the closure does not start again.
  @Test func aValueAfterACancelBeforeAnySubscriptionIsIgnored() {
    let log = Locked<[Int]>([])
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { log.append($0) })
    sink.cancel()
    #expect(sink.receive(1) == .none)
    #expect(log.value == [])
  }

  /// A subscription arriving while a value fed by hand is in the closure is kept, not cancelled.
  @Test func aSubscriptionArrivingFromInsideAHandFedValueIsKept() {
    let subscription = RecordingSubscription()
    let holder = Locked<Subscribers.Sink<Int, Never>?>(nil)
    let log = Locked<[Int]>([])
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in },
      receiveValue: { value in
        log.append(value)
        if value == 1 { holder.value?.receive(subscription: subscription) }
      })
    holder.withLock { $0 = sink }
    _ = sink.receive(1)
    _ = sink.receive(2)
    sink.cancel()
    #expect(log.value == [1, 2])
    #expect(subscription.calls == [.request(.unlimited), .cancel])
    holder.withLock { $0 = nil }
  }
}
