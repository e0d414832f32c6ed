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
}
