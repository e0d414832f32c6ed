import Dispatch
import Reactive
import Synchronization
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)

@Suite struct ControlledQuantityStoreTests {
  @Test func updatesAddTheItemsQuantityWithoutBagsAndReadersSeeNoRepeats() throws {
    let store = ControlledQuantityStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    try store.updateQuantity(with: [apple.withQuantity(2), .paperBag(quantity: 4)])
    try store.updateQuantity(with: [.paperBag()])
    try store.updateQuantity(with: [apple])
    try store.removeQuantity(of: [apple])
    store.resetOnCheckout()
    #expect(recorder.values == [0, 2, 3, 2, 0])
    #expect(store.quantity == 0)
  }

  @Test func aSubscriberLimitingItsDemandReceivesNoRepeatOfAValueItMissedTheChangesAround() throws {
    let store = ControlledQuantityStore()
    let subscriber = DemandLimitedRecorder()
    store.quantityPublisher.subscribe(subscriber)
    subscriber.request(.max(1))
    try store.updateQuantity(with: [apple])
    try store.removeQuantity(of: [apple])
    // It missed 1 and 0; the latest it missed is the 0 it already has, which it does not get again.
    subscriber.request(.max(1))
    #expect(subscriber.values == [0])
    try store.updateQuantity(with: [apple.withQuantity(3)])
    #expect(subscriber.values == [0, 3])
    try store.updateQuantity(with: [apple])
    subscriber.request(.max(1))
    #expect(subscriber.values == [0, 3, 4])
  }

  @Test func aSubscriberBehindAnOperatorReceivesEveryChangeWithoutRepeats() throws {
    let store = ControlledQuantityStore(quantity: 1)
    let recorder = ValueRecorder(store.quantityPublisher.map { $0 }.eraseToAnyPublisher())
    try store.updateQuantity(with: [apple, .paperBag()])
    try store.updateQuantity(with: [])
    try store.changeQuantity(adding: [apple], removing: [apple])
    try store.removeQuantity(of: [apple.withQuantity(2)])
    store.resetOnCheckout()
    #expect(recorder.values == [1, 2, 0])
  }

  @Test func removingBelowZeroIsRefusedAndChangesNothing() throws {
    let store = ControlledQuantityStore(quantity: 1)
    let recorder = ValueRecorder(store.quantityPublisher)
    let error = #expect(throws: QuantityStoreError.self) {
      try store.removeQuantity(of: [apple.withQuantity(2)])
    }
    #expect(error == .wouldBeNegative(current: 1, removing: 2))
    #expect(error?.description == "cannot remove 2 from a basket quantity of 1: it would be negative")
    #expect(store.quantity == 1)
    #expect(recorder.values == [1])
  }

  @Test func aChangeAddingAndRemovingIsOneWriteAndOneValue() throws {
    let store = ControlledQuantityStore(quantity: 5)
    let recorder = ValueRecorder(store.quantityPublisher)
    try store.changeQuantity(
      adding: [apple.withQuantity(2), .paperBag(quantity: 9)], removing: [apple.withQuantity(4)])
    #expect(recorder.values == [5, 3])
    #expect(throws: QuantityStoreError.wouldBeNegative(current: 4, removing: 5)) {
      try store.changeQuantity(adding: [apple], removing: [apple.withQuantity(5)])
    }
    #expect(
      throws: QuantityStoreError.wouldExceedMaximum(
        current: 3, adding: ControlledQuantityStore.maximumQuantity - 2,
        maximum: ControlledQuantityStore.maximumQuantity)
    ) {
      try store.changeQuantity(
        adding: [apple.withQuantity(ControlledQuantityStore.maximumQuantity - 2)], removing: [])
    }
    #expect(throws: QuantityStoreError.negativeItemQuantity(itemID: "apple", quantity: -1)) {
      try store.changeQuantity(adding: [], removing: [apple.withQuantity(-1)])
    }
    #expect(store.quantity == 3)
    #expect(recorder.values == [5, 3])
  }

  @Test func negativeItemQuantitiesAndGoingAboveTheMaximumAreRefused() throws {
    let store = ControlledQuantityStore(quantity: ControlledQuantityStore.maximumQuantity - 1)
    #expect(throws: QuantityStoreError.negativeItemQuantity(itemID: "apple", quantity: -3)) {
      try store.updateQuantity(with: [apple.withQuantity(-3)])
    }
    #expect(
      throws: QuantityStoreError.wouldExceedMaximum(
        current: ControlledQuantityStore.maximumQuantity - 1, adding: 2,
        maximum: ControlledQuantityStore.maximumQuantity)
    ) { try store.updateQuantity(with: [apple.withQuantity(2)]) }
    try store.updateQuantity(with: [apple])
    #expect(store.quantity == ControlledQuantityStore.maximumQuantity)
  }

  @Test func eightThreadsMakingTwentyFiveThousandUpdatesEachLoseNone() throws {
    let store = ControlledQuantityStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    let failures = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<25_000 {
        do { try store.updateQuantity(with: [apple]) } catch { failures.add(1, ordering: .relaxed) }
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
    #expect(store.quantity == 200_000)
    let values = recorder.values
    #expect(values.count == 200_001)
    #expect(values.last == 200_000)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 })
  }

  @Test func aSubscriberWritingFromItsSinkLeavesEverySubscriberInStep() throws {
    let store = ControlledQuantityStore()
    let first = ValueRecorder(store.quantityPublisher) { value in
      if value > 0 && value < 10 { try? store.updateQuantity(with: [apple]) }
    }
    let second = ValueRecorder(store.quantityPublisher)
    try store.updateQuantity(with: [apple])
    #expect(store.quantity == 10)
    #expect(first.values == Array(0...10))
    #expect(second.values == Array(0...10))
  }

  @Test func concurrentWritersAndReentrantSinksStillEndOnTheStoredQuantity() throws {
    let store = ControlledQuantityStore()
    let echo = ValueRecorder(store.quantityPublisher) { value in
      if value % 1_000 == 1 { try? store.updateQuantity(with: [apple]) }
    }
    let watchers = (0..<3).map { _ in ValueRecorder(store.quantityPublisher) }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<10_000 {
        try? store.updateQuantity(with: [apple])
      }
    }
    let final = store.quantity
    for recorder in watchers + [echo] {
      let values = recorder.values
      #expect(values.last == final)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
  }
}

/// Records the values it receives, asking for only as many as the test requests.
private final class DemandLimitedRecorder: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  private let state = Locked<(subscription: (any Subscription)?, values: [Int])>((nil, []))

  var values: [Int] { state.withLock { $0.values } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.subscription }?.request(demand)
  }

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    state.withLock { $0.values.append(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
