import Dispatch
import Reactive
import Testing

@testable import Shop

private let apple = ShoppingItem(id: "apple", name: "Apple", price: 50)
private let pear = ShoppingItem(id: "pear", name: "Pear", price: 80)

/// A basket of `quantity` apples.
private func apples(_ quantity: Int) -> Basket {
  Basket(lines: [apple.withQuantity(quantity)])
}

/// The derived store follows the baskets it is given: its count is each one's, without repeats.
@Suite struct BasketStoreTests {
  @Test func theCountFollowsTheBasketsGivenWithoutRepeats() {
    let store = BasketStore()
    let counts = ValueRecorder(store.quantityPublisher)
    store.follow(Basket(lines: [apple.withQuantity(2), .paperBag(quantity: 4)]))
    store.follow(Basket(lines: [apple.withQuantity(2), .paperBag(quantity: 5)]))
    store.follow(Basket(lines: [apple.withQuantity(2), .paperBag(quantity: 5), pear]))
    store.follow(Basket(lines: [apple, .paperBag(quantity: 5), pear]))
    store.follow(Basket())
    #expect(counts.values == [0, 2, 3, 2, 0])
    #expect(store.quantity == 0)
  }

  @Test func aNewStoreStartsAtItsBasketsCountPaperBagsExcluded() {
    let store = BasketStore(basket: Basket(lines: [apple.withQuantity(998), .paperBag(quantity: 3)]))
    let counts = ValueRecorder(store.quantityPublisher)
    #expect(store.quantity == 998)
    #expect(counts.values == [998])
  }

  @Test func eightThreadsGivingBasketsEndOnTheLastOneGivenWithNoRepeats() {
    let store = BasketStore()
    let counts = ValueRecorder(store.quantityPublisher)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for write in 0..<5_000 {
        store.follow(apples(write % 999 + 1))
      }
    }
    // Every thread's last basket holds 4_999 % 999 + 1 = 5 apples, and one of them was given last.
    #expect(store.quantity == 5)
    let values = counts.values
    #expect(values.last == 5)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test func aSubscriberGivingABasketFromItsSinkLeavesEverySubscriberInStep() {
    let store = BasketStore()
    let first = ValueRecorder(store.quantityPublisher) { value in
      if value > 0 && value < 10 { store.follow(apples(value + 1)) }
    }
    let second = ValueRecorder(store.quantityPublisher)
    store.follow(apples(1))
    #expect(store.quantity == 10)
    #expect(first.values == Array(0...10))
    #expect(second.values == Array(0...10))
  }
}
