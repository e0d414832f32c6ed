import Reactive
import Testing

@Suite struct DropFirstTests {
  @Test func leavesOutTheFirstValuesThenPassesTheRest() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var finished = false
    let cancellable = subject.dropFirst(2).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(received == [3, 4, 5])
    #expect(finished)
    cancellable.cancel()
  }

  @Test func dropsTheCurrentValueThatACurrentValueSubjectReplays() {
    let subject = CurrentValueSubject<Int, Never>(7)
    var received: [Int] = []
    let cancellable = subject.dropFirst().sink { received.append($0) }
    subject.value = 8
    #expect(received == [8])
    cancellable.cancel()
  }

  @Test func droppedValuesDoNotUseUpBoundedDemand() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Subscription)?
    subject.dropFirst(1).subscribe(
      AnySubscriber(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(2))
        },
        receiveValue: {
          received.append($0)
          return .none
        }))
    for value in 1...5 { subject.send(value) }
    #expect(received == [2, 3])
    subscription?.cancel()
  }

  @Test func givesTheDownstreamItsSubscriptionBeforeSubscribingUpstream() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(2).subscribe(recorder)
    #expect(recorder.events == [.subscription])
  }

  @Test func asksUpstreamForTheValuesItLeavesOutBeforeAnyDownstreamDemand() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(3).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.max(3))])
    #expect([upstream.send(1), upstream.send(2), upstream.send(3)] == [.none, .none, .none])
    recorder.request(.max(1))
    upstream.send(4)
    #expect(subscription.calls == [.request(.max(3)), .request(.max(1))])
    #expect(recorder.events == [.subscription, .value(4)])
  }

  @Test func addsTheDemandAskedForBeforeTheUpstreamSubscribedToTheCount() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    upstream.dropFirst(3).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    for value in 1...5 { upstream.send(value) }
    #expect(subscription.calls == [.request(.max(5))])
    #expect(recorder.events == [.subscription, .value(4), .value(5)])
  }

  @Test func dropsNothingAndAsksForNothingWithACountOfZero() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(0).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [])
    recorder.request(.max(1))
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  /// As Combine's (OpenCombine's DropTests testDroppingTwoElements): every completion the upstream
  /// sends reaches the downstream, and a value returns the downstream's demand.
  @Test func passesOnEveryCompletionAndTheDownstreamsDemand() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(42), extra: .max(3))
    upstream.dropFirst(2).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect([upstream.send(1), upstream.send(2), upstream.send(3)] == [.none, .none, .max(3)])
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(subscription.calls == [.request(.max(44))])
    #expect(
      recorder.events == [.subscription, .value(3), .completion(.finished), .completion(.failure(.boom))])
  }

  /// As Combine's (testReusableSubscription): after a completion, demand waits for a next
  /// subscription, values still count down, a cancel has nothing to cancel, and the next
  /// subscription is asked for what waited plus the values still to leave out.
  @Test func takesASubscriptionAfterTheCompletionAndAsksItForTheDemandThatWaited() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none, extra: .max(3))
    upstream.dropFirst(3).subscribe(recorder)
    let first = upstream.giveSubscription()
    upstream.send(completion: .finished)
    let dropFirst = upstream.subscriber as? any Subscription
    dropFirst?.cancel()
    dropFirst?.request(.max(312))
    dropFirst?.request(.max(100))
    #expect([upstream.send(1), upstream.send(2)] == [.none, .none])
    let second = upstream.giveSubscription()
    #expect(first.calls == [.request(.max(3))])
    #expect(second.calls == [.request(.max(413))])
    #expect([upstream.send(3), upstream.send(4)] == [.none, .max(3)])
    #expect(recorder.events == [.subscription, .completion(.finished), .value(4)])
  }

  /// As Combine's (testReceiveSubscriptionTwice, testCancelAlreadyCancelled): a second subscription
  /// while one is held is cancelled; a cancel cancels the one held, once.
  @Test func cancelsASecondSubscriptionAndCancelsOnce() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    upstream.dropFirst().subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(second.calls == [.cancel])
    recorder.cancel()
    (upstream.subscriber as? any Subscription)?.cancel()
    #expect(first.calls == [.request(.max(3)), .cancel])
  }

  /// As Combine's (testLateSubscription): a subscription that comes after the subscriber asked is
  /// asked for that and the values to leave out.
  @Test func asksALateSubscriptionForTheDemandThatWaited() {
    let upstream = HandDrivenPublisher<Int, Never>()
    upstream.dropFirst(4).subscribe(Recorder<Int, Never>(request: .max(10)))
    #expect(upstream.giveSubscription().calls == [.request(.max(14))])
  }
}

extension DropFirstTests {
  // OpenCombine's DropTests.testReceiveSubscriptionTwice, at 1b8a26b: the subscription it holds, sent
  // to it again, is cancelled too.
  @Test func cancelsTheSubscriptionItHoldsWhenItComesAgain() throws {
    let upstream = HandDrivenPublisher<Int, Never>()
    upstream.dropFirst().subscribe(Recorder<Int, Never>(request: .max(2)))
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(second.calls == [.cancel])
    try #require(upstream.subscriber).receive(subscription: first)
    #expect(first.calls == [.request(.max(3)), .cancel])
  }

  // OpenCombine's DropTests.testDropLifecycle (cancellingSubscriptionReleasesSubscriber: false), at
  // 1b8a26b: after a cancel, a finish and a failure it keeps its downstream until it is released.
  @Test func keepsTheDownstreamUntilItIsReleasedAsCombineDoes() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let kept = keptUntilReleased(ending) { upstream, _ in upstream.dropFirst(42) }
      #expect(kept.whileHeld && kept.afterRelease, "\(ending)")
    }
  }
}
