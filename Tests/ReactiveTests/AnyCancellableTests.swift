import Dispatch
import Reactive
import Testing

@Suite struct AnyCancellableTests {
  @Test func cancelsOnDeinit() {
    let count = Locked(0)
    do {
      let cancellable = AnyCancellable { count.withLock { $0 += 1 } }
      _ = cancellable
      #expect(count.value == 0)
    }
    #expect(count.value == 1)
  }

  @Test func runsItsActionAtMostOnce() {
    let count = Locked(0)
    do {
      let cancellable = AnyCancellable { count.withLock { $0 += 1 } }
      cancellable.cancel()
      cancellable.cancel()
    }
    #expect(count.value == 1)
  }

  @Test func runsItsActionOnceWhenCancelRacesFromManyThreads() {
    for _ in 0..<100 {
      let count = Locked(0)
      let cancellable = AnyCancellable { count.withLock { $0 += 1 } }
      DispatchQueue.concurrentPerform(iterations: 8) { _ in cancellable.cancel() }
      #expect(count.value == 1)
    }
  }

  @Test func wrapsACancellable() {
    let subscription = RecordingSubscription()
    do {
      let cancellable = AnyCancellable(subscription)
      cancellable.cancel()
    }
    #expect(subscription.calls == [.cancel])
  }

  @Test func deinitCancelsTheSubscriptionItHolds() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    var cancellable: AnyCancellable? = subject.sink { received.append($0) }
    subject.send(1)
    cancellable = nil
    subject.send(2)
    #expect(received.value == [1])
    #expect(cancellable == nil)
  }

  @Test func storedInASetLivesAsLongAsTheSet() {
    let count = Locked(0)
    var set: Set<AnyCancellable> = []
    AnyCancellable { count.withLock { $0 += 1 } }.store(in: &set)
    AnyCancellable { count.withLock { $0 += 1 } }.store(in: &set)
    #expect(set.count == 2)
    #expect(count.value == 0)
    set.removeAll()
    #expect(count.value == 2)
  }

  @Test func storedInAnArrayLivesAsLongAsTheArray() {
    let count = Locked(0)
    var array: [AnyCancellable] = []
    AnyCancellable { count.withLock { $0 += 1 } }.store(in: &array)
    #expect(array.count == 1)
    #expect(count.value == 0)
    array = []
    #expect(count.value == 1)
  }

  @Test func anyCancellableStoresACancellableTypeErased() {
    let subscription = RecordingSubscription()
    var set: Set<AnyCancellable> = []
    subscription.store(in: &set)
    #expect(subscription.calls == [])
    set.removeAll()
    #expect(subscription.calls == [.cancel])
  }

  @Test func equalityIsIdentity() {
    let first = AnyCancellable {}
    let second = AnyCancellable {}
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
  }

  // OpenCombine's AnyCancellableTests.testCancelableInitialized, at 1b8a26b.
  @Test func aWrappedCancellableIsCancelledByCancelAndByTheWrappersDeinit() {
    let subscription = RecordingSubscription()
    let cancellable = AnyCancellable(subscription)
    #expect(subscription.calls == [])
    cancellable.cancel()
    #expect(subscription.calls == [.cancel])
    do {
      _ = AnyCancellable(subscription)
    }
    #expect(subscription.calls == [.cancel, .cancel])
  }

  // OpenCombine's AnyCancellableTests.testStoreInArbitraryCollection, at 1b8a26b: an AnyCancellable
  // appends itself, one call to append each time; stored through the Cancellable protocol it is
  // wrapped in a new one.
  @Test func storedInACollectionItAppendsItselfButThroughTheProtocolAWrapper() {
    let bag = CallLog<AnyCancellable>()
    var collection = bag
    let first = AnyCancellable {}
    first.store(in: &collection)
    #expect(bag.calls == [.emptyInit, .append])
    let second = AnyCancellable(first)
    second.store(in: &collection)
    #expect(bag.calls == [.emptyInit, .append, .append])
    #expect(bag.storage == [first, second])
    let abstracted: any Cancellable = second
    abstracted.store(in: &collection)
    #expect(bag.calls == [.emptyInit, .append, .append, .append])
    #expect(bag.storage.count == 3)
    #expect(bag.storage.last != second)
  }

  // OpenCombine's AnyCancellableTests.testStoreInSet, at 1b8a26b: one stored again is there once;
  // stored through the Cancellable protocol it is wrapped in a new one.
  @Test func storedInASetAgainItIsThereOnceButThroughTheProtocolAWrapperIsAdded() {
    var set = Set<AnyCancellable>()
    let first = AnyCancellable {}
    first.store(in: &set)
    #expect(set == [first])
    let second = AnyCancellable(first)
    second.store(in: &set)
    #expect(set == [first, second])
    second.store(in: &set)
    #expect(set == [first, second])
    let abstracted: any Cancellable = second
    abstracted.store(in: &set)
    #expect(set.count == 3)
  }

  // OpenCombine's AnyCancellableTests.testIndirectCancellation, at 1b8a26b.
  @Test func cancellingOneWrappedInAnotherCancelsTheSubscriptionOnceThoughTheInnerIsCancelledAfter() {
    let subscription = RecordingSubscription()
    let inner = AnyCancellable(subscription)
    let outer = AnyCancellable(inner)
    #expect(subscription.calls == [])
    outer.cancel()
    #expect(subscription.calls == [.cancel])
    inner.cancel()
    #expect(subscription.calls == [.cancel])
  }
}
