import Dispatch
import Reactive
import Synchronization
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)

/// Records every basket a `BasketStore` publishes, from any thread.
private final class ItemsRecorder: Sendable {
  private let recorded = Locked<[[ShoppingItem]]>([])
  private let cancellable = Locked<AnyCancellable?>(nil)

  init(_ store: BasketStore) {
    let recorded = self.recorded
    let subscription = store.itemsPublisher.sink { items in recorded.withLock { $0.append(items) } }
    cancellable.withLock { $0 = subscription }
  }

  var values: [[ShoppingItem]] { recorded.withLock { $0 } }
}

@Suite struct BasketStoreTests {
  @Test func writesChangeTheBasketAndTheCountFollowsWithoutRepeats() throws {
    let store = BasketStore()
    let items = ItemsRecorder(store)
    let counts = ValueRecorder(store.quantityPublisher)
    try store.add([apple.withQuantity(2), .paperBag(quantity: 4)])
    try store.add([.paperBag()])
    try store.add([pear])
    try store.remove([apple])
    store.replaceBasket(with: Basket())
    #expect(
      items.values == [
        [], [apple.withQuantity(2), .paperBag(quantity: 4)], [apple.withQuantity(2), .paperBag(quantity: 5)],
        [apple.withQuantity(2), .paperBag(quantity: 5), pear], [apple, .paperBag(quantity: 5), pear], [],
      ])
    #expect(counts.values == [0, 2, 3, 2, 0])
    #expect(store.basket == Basket())
    #expect(store.quantity == 0)
  }

  @Test func aRefusedWriteThrowsTheBasketsReasonAndChangesNothing() throws {
    let store = BasketStore(basket: Basket(lines: [apple.withQuantity(998)]))
    let items = ItemsRecorder(store)
    #expect(throws: BasketError.lineLimitExceeded(name: "Apple", inBasket: 998, adding: 2, limit: 999)) {
      try store.add([apple.withQuantity(2)])
    }
    #expect(throws: BasketError.nonPositiveQuantity(0)) { try store.add([pear, apple.withQuantity(0)]) }
    #expect(throws: BasketError.notEnoughInBasket(name: "Pear", inBasket: 0, removing: 1)) {
      try store.remove([apple, pear])
    }
    #expect(store.basket.lines == [apple.withQuantity(998)])
    #expect(items.values == [[apple.withQuantity(998)]])
  }

  /// One unit of an item of writer `writer`'s own; a new item every 900 writes, below the line limit.
  private static func unit(writer: Int, write: Int) -> ShoppingItem {
    ShoppingItem(id: "w\(writer)-\(write / 900)", name: "Item", price: 1)
  }

  @Test func eightThreadsMakingTenThousandWritesEachLoseNone() throws {
    let store = BasketStore()
    let counts = ValueRecorder(store.quantityPublisher)
    let items = ItemsRecorder(store)
    let failures = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for write in 0..<10_000 {
        do {
          // Every fifth write adds a bag: the basket changes, the count does not.
          try store.add([write % 5 == 4 ? .paperBag() : Self.unit(writer: writer, write: write)])
        } catch {
          failures.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
    #expect(store.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 8 * 2_000)
    #expect(store.quantity == 8 * 8_000)
    let values = counts.values
    #expect(values.count == 8 * 8_000 + 1)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 })
    #expect(items.values.count == 8 * 10_000 + 1)
    #expect(items.values.last == store.basket.lines)
  }

  @Test func aSubscriberWritingFromItsSinkLeavesEverySubscriberInStep() throws {
    let store = BasketStore()
    let first = ValueRecorder(store.quantityPublisher) { value in
      if value > 0 && value < 10 { try? store.add([apple]) }
    }
    let second = ValueRecorder(store.quantityPublisher)
    let items = ItemsRecorder(store)
    try store.add([apple])
    #expect(store.quantity == 10)
    #expect(first.values == Array(0...10))
    #expect(second.values == Array(0...10))
    #expect(items.values == [[]] + (1...10).map { [apple.withQuantity($0)] })
  }

  @Test func concurrentWritersAndReentrantSinksStillEndOnTheStoredBasket() throws {
    let store = BasketStore()
    let echo = ValueRecorder(store.quantityPublisher) { value in
      if value % 1_000 == 1 { try? store.add([pear]) }  // at 1, 1_001, ..., 20_001: 21 pears
    }
    let watchers = (0..<3).map { _ in ValueRecorder(store.quantityPublisher) }
    let items = ItemsRecorder(store)
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for write in 0..<5_000 {
        try? store.add([Self.unit(writer: writer, write: write)])
      }
    }
    let final = store.basket
    #expect(final.badgeQuantity == 20_000 + 21)
    for recorder in watchers + [echo] {
      let values = recorder.values
      #expect(values.last == final.badgeQuantity)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
    #expect(items.values.last == final.lines)
  }
}
