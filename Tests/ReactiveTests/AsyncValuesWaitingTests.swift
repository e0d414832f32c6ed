import Reactive
import Testing

/// `values` with several calls of `next()` waiting at once, as OpenCombine's PublisherConcurrencyTests
/// show Combine's; the calls run on a ``SteppedTaskExecutor``, so each is known to wait, or to have
/// returned, before the test goes on.
@Suite struct AsyncValuesWaitingTests {
  // OpenCombine's PublisherConcurrencyTests testRequestValuesBeforeSubscriptionNonThrowing and
  // testRequestValuesBeforeSubscriptionThrowing, at 1b8a26b.
  @Test func callsWaitingBeforeTheSubscriptionAreAskedForTogetherWhenItComes() {
    let executor = SteppedTaskExecutor()
    let upstream = HandDrivenPublisher<Int, Never>()
    let failing = HandDrivenPublisher<Int, TestError>()
    let iterators = (upstream.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    let calls = (0..<3).map { _ in executor.next(iterators.0) }
    let failingCalls = (0..<3).map { _ in executor.next(iterators.1) }
    executor.runUntilIdle()
    let subscriptions = [upstream.giveSubscription(), failing.giveSubscription()]
    for subscription in subscriptions { #expect(subscription.calls == [.request(.max(3))]) }
    #expect([upstream.send(1), upstream.send(2), upstream.send(3)] == [.none, .none, .none])
    #expect([failing.send(4), failing.send(5), failing.send(6)] == [.none, .none, .none])
    executor.runUntilIdle()
    #expect(calls.map(\.result) == [.returned(1), .returned(2), .returned(3)])
    #expect(failingCalls.map(\.result) == [.returned(4), .returned(5), .returned(6)])
    for subscription in subscriptions { #expect(subscription.calls == [.request(.max(3))]) }
  }

  // OpenCombine's PublisherConcurrencyTests testReceiveSubscriptionTwiceNonThrowing and
  // testReceiveSubscriptionTwiceThrowing, at 1b8a26b.
  @Test func theSubscriptionSentAgainIsCancelledToo() {
    let upstream = ManualPublisher<Int, Never>()
    let failing = ManualPublisher<Int, TestError>()
    let iterators = (upstream.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    withExtendedLifetime(iterators) {
      upstream.send(subscription: upstream.subscription)
      failing.send(subscription: failing.subscription)
    }
    #expect(upstream.subscription.calls == [.cancel])
    #expect(failing.subscription.calls == [.cancel])
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingInnerIsCancellable and
  // testThrowingInnerIsCancellable, at 1b8a26b.
  @Test func theSubscriberIsCancellable() {
    let upstream = CapturingPublisher<Int, Never>()
    let failing = CapturingPublisher<Int, TestError>()
    let iterators = (upstream.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    withExtendedLifetime(iterators) {
      #expect(upstream.subscriber is any Cancellable)
      #expect(failing.subscriber is any Cancellable)
    }
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingCancel and testThrowingCancel, at 1b8a26b.
  @Test(arguments: [false, true])
  func cancellingTheTaskOfOneWaitingCallEndsEveryWaitingCall(throwing: Bool) {
    let executor = SteppedTaskExecutor()
    let waiting = Waiting(3, throwing: throwing, on: executor)
    #expect(waiting.subscription.calls == [.request(.max(1)), .request(.max(1)), .request(.max(1))])
    waiting.calls[0].cancel()
    executor.runUntilIdle()
    #expect(waiting.calls.map(\.result) == [.returned(nil), .returned(nil), .returned(nil)])
    #expect(
      waiting.subscription.calls == [.request(.max(1)), .request(.max(1)), .request(.max(1)), .cancel])
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingCancelAfterCompletion and
  // testThrowingCancelAfterCompletion, at 1b8a26b.
  @Test(arguments: [false, true])
  func aFinishEndsEveryWaitingCallAndACancelAfterItReachesNoUpstream(throwing: Bool) {
    let executor = SteppedTaskExecutor()
    let waiting = Waiting(3, throwing: throwing, on: executor)
    waiting.finish()
    waiting.calls[0].cancel()
    executor.runUntilIdle()
    #expect(waiting.calls.map(\.result) == [.returned(nil), .returned(nil), .returned(nil)])
    #expect(waiting.subscription.calls == [.request(.max(1)), .request(.max(1)), .request(.max(1))])
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingReceiveInputAfterCompletion,
  // testThrowingReceiveInputAfterCompletion, testNonThrowingFinishesTwice and
  // testThrowingFinishAfterSubscription, at 1b8a26b.
  @Test(arguments: [false, true])
  func aSecondFinishAndAValueAfterTheFinishAreIgnored(throwing: Bool) {
    let executor = SteppedTaskExecutor()
    let waiting = Waiting(2, throwing: throwing, on: executor)
    waiting.finish()
    waiting.finish()
    #expect(waiting.send(42) == .none)
    executor.runUntilIdle()
    #expect(waiting.calls.map(\.result) == [.returned(nil), .returned(nil)])
    #expect(waiting.subscription.calls == [.request(.max(1)), .request(.max(1))])
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingCancelAlreadyCancelled and
  // testThrowingCancelAlreadyCancelled, at 1b8a26b.
  @Test func theSubscriberCancelledTwiceCancelsItsSubscriptionOnceAndEndsTheWaitingCall() {
    let executor = SteppedTaskExecutor()
    let upstream = HandDrivenPublisher<Int, Never>()
    let failing = HandDrivenPublisher<Int, TestError>()
    let calls = [
      executor.next(upstream.values.makeAsyncIterator()),
      executor.next(failing.values.makeAsyncIterator()),
    ]
    let subscriptions = [upstream.giveSubscription(), failing.giveSubscription()]
    executor.runUntilIdle()
    let subscribers = [upstream.subscriber as? any Cancellable, failing.subscriber as? any Cancellable]
    for subscriber in subscribers {
      #expect(subscriber != nil)
      subscriber?.cancel()
      subscriber?.cancel()
    }
    executor.runUntilIdle()
    #expect(calls.map(\.result) == [.returned(nil), .returned(nil)])
    for subscription in subscriptions { #expect(subscription.calls == [.request(.max(1)), .cancel]) }
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingCancelBeforeSubscription and
  // testThrowingCancelBeforeSubscription, at 1b8a26b.
  @Test func cancellingTheTaskOfACallWaitingBeforeTheSubscriptionEndsEveryCallAndCancelsTheSubscription() {
    let executor = SteppedTaskExecutor()
    let upstream = HandDrivenPublisher<Int, Never>()
    let failing = HandDrivenPublisher<Int, TestError>()
    let iterators = (upstream.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    let calls = (0..<3).map { _ in executor.next(iterators.0) }
    let failingCalls = (0..<3).map { _ in executor.next(iterators.1) }
    executor.runUntilIdle()
    calls[2].cancel()
    failingCalls[1].cancel()
    executor.runUntilIdle()
    #expect(calls.map(\.result) == [.returned(nil), .returned(nil), .returned(nil)])
    #expect(failingCalls.map(\.result) == [.returned(nil), .returned(nil), .returned(nil)])
    #expect(upstream.giveSubscription().calls == [.cancel])
    #expect(failing.giveSubscription().calls == [.cancel])
  }

  // OpenCombine's PublisherConcurrencyTests testThrowingFinishBeforeSubscription and
  // testThrowingFailBeforeSubscription, at 1b8a26b.
  @Test func aCompletionBeforeTheSubscriptionEndsTheWaitingCallsTheFirstWithTheFailure() {
    let executor = SteppedTaskExecutor()
    let finishing = HandDrivenPublisher<Int, TestError>()
    let failing = HandDrivenPublisher<Int, TestError>()
    let iterators = (finishing.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    let finishingCalls = (0..<2).map { _ in executor.next(iterators.0) }
    let failingCalls = (0..<2).map { _ in executor.next(iterators.1) }
    executor.runUntilIdle()
    finishing.send(completion: .finished)
    failing.send(completion: .failure(.boom))
    executor.runUntilIdle()
    #expect(finishingCalls.map(\.result) == [.returned(nil), .returned(nil)])
    #expect(failingCalls.map(\.result) == [.threw(.boom), .returned(nil)])
    #expect(finishing.giveSubscription().calls == [.cancel])
    #expect(failing.giveSubscription().calls == [.cancel])
  }

  // OpenCombine's PublisherConcurrencyTests testThrowingFailAfterSubscription and
  // testThrowingFailNonZeroDemand, at 1b8a26b.
  @Test func aFailureEndsTheWaitingCallsTheFirstWithTheFailure() {
    let executor = SteppedTaskExecutor()
    let upstream = ManualPublisher<Int, TestError>()
    let iterator = upstream.values.makeAsyncIterator()
    let calls = (0..<2).map { _ in executor.next(iterator) }
    executor.runUntilIdle()
    upstream.send(completion: .failure(.boom))
    executor.runUntilIdle()
    #expect(calls.map(\.result) == [.threw(.boom), .returned(nil)])
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(1))])
  }

  // OpenCombine's PublisherConcurrencyTests.testThrowingFailTwice, at 1b8a26b.
  @Test func aFailureNoCallWaitedForIsThrownOnceAndASecondFailureIsIgnored() {
    let executor = SteppedTaskExecutor()
    let upstream = ManualPublisher<Int, TestError>()
    let iterator = upstream.values.makeAsyncIterator()
    upstream.send(completion: .failure(.boom))
    let first = executor.next(iterator)
    executor.runUntilIdle()
    let second = executor.next(iterator)
    executor.runUntilIdle()
    upstream.send(completion: .failure(.other))
    let third = executor.next(iterator)
    executor.runUntilIdle()
    #expect([first, second, third].map(\.result) == [.threw(.boom), .returned(nil), .returned(nil)])
    #expect(upstream.subscription.calls == [])
  }

  // OpenCombine's PublisherConcurrencyTests testNonThrowingReceiveInputBeforeSubscription and
  // testThrowingReceiveInputBeforeSubscription, at 1b8a26b: the value itself goes nowhere.
  @Test func aValueBeforeTheSubscriptionEndsTheWaitingCallsWhoseRequestsTheSubscriptionStillGets() {
    let executor = SteppedTaskExecutor()
    let upstream = HandDrivenPublisher<Int, Never>()
    let failing = HandDrivenPublisher<Int, TestError>()
    let iterators = (upstream.values.makeAsyncIterator(), failing.values.makeAsyncIterator())
    let calls = (0..<2).map { _ in executor.next(iterators.0) }
    let failingCalls = (0..<2).map { _ in executor.next(iterators.1) }
    executor.runUntilIdle()
    #expect(upstream.send(42) == .none)
    #expect(failing.send(42) == .none)
    executor.runUntilIdle()
    #expect(calls.map(\.result) == [.returned(nil), .returned(nil)])
    #expect(failingCalls.map(\.result) == [.returned(nil), .returned(nil)])
    #expect(upstream.giveSubscription().calls == [.request(.max(2))])
    #expect(failing.giveSubscription().calls == [.request(.max(2))])
    for call in calls + failingCalls { call.cancel() }
    executor.runUntilIdle()
  }
}

/// Calls of `next()` waiting on one iterator of the values of a publisher that has given its
/// subscription, and the means to drive that publisher.
private struct Waiting {
  let subscription: RecordingSubscription
  let calls: [NextCall<Int>]
  let send: (Int) -> Subscribers.Demand
  let finish: () -> Void

  /// `count` calls, waiting once the executor has run, on the throwing form's iterator or the other's.
  init(_ count: Int, throwing: Bool, on executor: SteppedTaskExecutor) {
    if throwing {
      let upstream = ManualPublisher<Int, TestError>()
      let iterator = upstream.values.makeAsyncIterator()
      (subscription, send) = (upstream.subscription, { upstream.send($0) })
      finish = { upstream.send(completion: .finished) }
      calls = (0..<count).map { _ in executor.next(iterator) }
    } else {
      let upstream = ManualPublisher<Int, Never>()
      let iterator = upstream.values.makeAsyncIterator()
      (subscription, send) = (upstream.subscription, { upstream.send($0) })
      finish = { upstream.send(completion: .finished) }
      calls = (0..<count).map { _ in executor.next(iterator) }
    }
    executor.runUntilIdle()
  }
}
