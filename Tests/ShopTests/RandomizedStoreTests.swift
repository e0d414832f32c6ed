import Foundation
import Testing

@testable import Shop

/// Long seeded sequences of use-case actions and undos: in the controlled and derived stores the
/// count always equals the basket's, and the derived store's basket is the basket.
@Suite struct RandomizedStoreTests {
  @Test(arguments: [7, 99, 12_345] as [UInt64], [QuantityStoreMode.controlled, .derived])
  func theStoreAlwaysEqualsTheBasketsBadgeQuantity(seed: UInt64, mode: QuantityStoreMode) {
    var random = SeededGenerator(seed: seed)
    let store = mode.makeStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    let shopping = ShoppingUseCase(store: store)
    let reorder = Reorder(store: store)
    let undo = Undo(store: store)
    var history = UndoHistory()
    let items = Catalog.builtIn.items
    var state = ShopState()
    for step in 0..<4_000 {
      let item = items.randomElement(using: &random)!
      let quantity = Int.random(in: -2...300, using: &random)
      let before = state
      let action = Int.random(in: 0..<22, using: &random)
      switch action {
      case 0..<9: try? shopping.buy(item.withQuantity(quantity), in: &state)
      case 9: try? shopping.addPaperBag(in: &state)
      case 10..<16: try? shopping.remove(itemWithID: item.id, quantity: quantity, in: &state)
      case 16, 17:
        _ = try? shopping.checkout(&state, at: Date(timeIntervalSince1970: Double(step)), from: .builtIn)
      case 18, 19: _ = try? reorder.reorderLastOrder(from: .builtIn, in: &state)
      default:
        if let earlier = history.takeLast() {
          #expect(throws: Never.self) { try undo.restore(earlier, from: &state) }
          #expect(state == earlier)
        }
      }
      if action < 20, state != before {
        history.record(before)
      }
      #expect(store.quantity == state.basket.badgeQuantity)
      #expect(store.quantity >= 0)
      #expect(state.basket.lines.allSatisfy { $0.quantity > 0 })
      #expect(recorder.values.last == store.quantity)
      if let basketStore = store as? BasketStore {
        #expect(basketStore.basket == state.basket)
      }
    }
    #expect(recorder.values.allSatisfy { $0 >= 0 })
  }
}
