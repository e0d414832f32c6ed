import Foundation
import Testing

@testable import Shop

/// Long seeded sequences of use-case actions: in controlled mode the store always equals the basket.
@Suite struct RandomizedStoreTests {
  @Test(arguments: [7, 99, 12_345] as [UInt64])
  func theControlledStoreAlwaysEqualsTheBasketsBadgeQuantity(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let store = ControlledQuantityStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    let shopping = ShoppingUseCase(store: store)
    let reorder = Reorder(store: store)
    let items = Catalog.builtIn.items
    var state = ShopState()
    for step in 0..<4_000 {
      let item = items.randomElement(using: &random)!
      let quantity = Int.random(in: -2...300, using: &random)
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<9: try? shopping.buy(item.withQuantity(quantity), in: &state)
      case 9: try? shopping.addPaperBag(in: &state)
      case 10..<16: try? shopping.remove(itemWithID: item.id, quantity: quantity, in: &state)
      case 16, 17:
        _ = try? shopping.checkout(&state, at: Date(timeIntervalSince1970: Double(step)), from: .builtIn)
      default: _ = try? reorder.reorderLastOrder(from: .builtIn, in: &state)
      }
      #expect(store.quantity == state.basket.badgeQuantity)
      #expect(store.quantity >= 0)
      #expect(state.basket.lines.allSatisfy { $0.quantity > 0 })
      #expect(recorder.values.last == store.quantity)
    }
    #expect(recorder.values.allSatisfy { $0 >= 0 })
  }
}
