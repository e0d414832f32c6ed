import Reactive
import Testing

/// `values` on a publisher that never fails, as OpenCombine's PublisherConcurrencyTests show
/// Combine's: the loop sees every value, then ends; each `next()` asks for one value; a second
/// subscription is cancelled; cancelling the waiting task cancels the subscription and ends the loop.
@Suite struct AsyncPublisherTests {
  @Test func aLoopSeesEveryValueThenEnds() async {
    var seen: [Int] = []
    for await value in [1, 2, 3].publisher.values {
      seen.append(value)
    }
    #expect(seen == [1, 2, 3])
  }

  @Test func eachNextAsksForOneValue() async {
    let requests = Locked<[Subscribers.Demand]>([])
    var seen: [Int] = []
    for await value in [1, 2, 3].publisher.handleEvents(receiveRequest: { requests.append($0) }).values {
      seen.append(value)
    }
    #expect(seen == [1, 2, 3])
    #expect(requests.value == [.max(1), .max(1), .max(1)])
  }

  @Test func makingAnIteratorSubscribesAndAsksForNothingYet() {
    let upstream = ManualPublisher<Int, Never>()
    let iterator = upstream.values.makeAsyncIterator()
    withExtendedLifetime(iterator) {
      #expect(upstream.subscriberCount == 1)
      #expect(upstream.subscription.calls == [])
    }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let upstream = ManualPublisher<Int, Never>()
    let iterator = upstream.values.makeAsyncIterator()
    let second = RecordingSubscription()
    withExtendedLifetime(iterator) {
      upstream.send(subscription: second)
    }
    #expect(second.calls == [.cancel])
  }

  // OpenCombine's PublisherConcurrencyTests.testNonThrowingCrashesWhenReceivingUnwantedInput and
  // testThrowingCrashesWhenReceivingUnwantedInput at 1b8a26b: before the subscription a value is
  // ignored; after it, a value no call of `next()` asked for stops the process.
  @Test func aValueNobodyAskedForStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, Never>()
      let iterator = upstream.values.makeAsyncIterator()
      withExtendedLifetime(iterator) {
        #expect(upstream.send(42) == .none)
        upstream.giveSubscription()
        upstream.send(100)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("values received a value no call of next() asked for"))
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let iterator = upstream.values.makeAsyncIterator()
      withExtendedLifetime(iterator) {
        upstream.giveSubscription()
        upstream.send(100)
      }
    }
  }

  @Test func aValueBeforeTheSubscriptionIsIgnored() async {
    let upstream = HandDrivenPublisher<Int, Never>()
    let iterator = upstream.values.makeAsyncIterator()
    withExtendedLifetime(iterator) {
      #expect(upstream.send(42) == .none)
      let subscription = upstream.giveSubscription()
      #expect(subscription.calls == [])
    }
  }

  @Test func afterFinishingNextReturnsNilWithoutAsking() async {
    let upstream = ManualPublisher<Int, Never>()
    var iterator = upstream.values.makeAsyncIterator()
    upstream.send(completion: .finished)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
    #expect(upstream.subscription.calls == [])
  }

  @Test func aCancelledTaskCancelsTheSubscriptionAndGetsNil() async {
    let upstream = ManualPublisher<Int, Never>()
    let task = Task { () -> Int? in
      var iterator = upstream.values.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      return await iterator.next()
    }
    #expect(await task.value == nil)
    #expect(upstream.subscription.calls == [.cancel])
  }

  @Test func cancellingTheWaitingTaskCancelsTheSubscriptionAndEndsTheLoop() async {
    let upstream = ManualPublisher<Int, Never>()
    // Each request is signalled once the call that made it is waiting.
    let (requests, signal) = AsyncStream.makeStream(of: Subscribers.Demand.self)
    let observed = upstream.handleEvents(receiveRequest: { signal.yield($0) })
    let task = Task { () -> [Int] in
      var seen: [Int] = []
      for await value in observed.values { seen.append(value) }
      return seen
    }
    var asked = requests.makeAsyncIterator()
    #expect(await asked.next() == .max(1))
    upstream.send(4)
    #expect(await asked.next() == .max(1))
    task.cancel()
    #expect(await task.value == [4])
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(1)), .cancel])
  }

  /// A value that is not `Sendable`.
  final class Basket {
    var lines: Int

    init(lines: Int) {
      self.lines = lines
    }
  }

  @MainActor @Test func aLoopOnTheMainActorSeesValuesThatAreNotSendable() async {
    var seen: [Int] = []
    for await basket in [Basket(lines: 1), Basket(lines: 2)].publisher.values {
      seen.append(basket.lines)
    }
    #expect(seen == [1, 2])
  }
}
