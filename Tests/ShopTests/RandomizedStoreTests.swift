import Foundation
import Testing

@testable import Shop

/// Long seeded sequences of use-case actions and undos: in the controlled and derived stores the
/// count always equals the basket's (the derived store's, with the state's basket the only basket).
@Suite struct RandomizedStoreTests {
  @Test(arguments: [7, 99, 12_345] as [UInt64], [QuantityStoreMode.controlled, .derived])
  func theStoreAlwaysEqualsTheBasketsBadgeQuantity(seed: UInt64, mode: QuantityStoreMode) {
    var random = SeededGenerator(seed: seed)
    let store = mode.makeStore()
    let recorder = ValueRecorder(store.quantityPublisher)
    let shopping = ShoppingUseCase(mode: mode)
    let reorder = Reorder(mode: mode)
    let undo = Undo(mode: mode)
    var history = UndoHistory()
    let items = Catalog.builtIn.items
    var state = ShopState()
    for step in 0..<4_000 {
      let item = items.randomElement(using: &random)!
      let quantity = Int.random(in: -2...300, using: &random)
      let before = state
      let action = Int.random(in: 0..<22, using: &random)
      let held = store.quantity
      var write: QuantityWrite?
      switch action {
      case 0..<9: write = try? shopping.buy(item.withQuantity(quantity), in: &state, storeHolding: held)
      case 9: write = try? shopping.addPaperBag(in: &state, storeHolding: held)
      case 10..<16:
        write = try? shopping.remove(itemWithID: item.id, quantity: quantity, in: &state, storeHolding: held)
      case 16, 17:
        write = try? shopping.checkout(&state, at: Date(timeIntervalSince1970: Double(step)), from: .builtIn)
          .write
      case 18, 19: write = try? reorder.reorderLastOrder(from: .builtIn, in: &state, storeHolding: held).write
      default:
        if let earlier = history.takeLast() {
          #expect(throws: Never.self) { write = try undo.restore(earlier, from: &state, storeHolding: held) }
          #expect(state == earlier)
        }
      }
      if let write {
        #expect(throws: Never.self) { try store.perform(write, basket: state.basket) }
      } else {
        #expect(state == before)
      }
      if action < 20, state != before {
        history.record(before)
      }
      #expect(store.quantity == state.basket.badgeQuantity)
      #expect(store.quantity >= 0)
      #expect(state.basket.lines.allSatisfy { $0.quantity > 0 })
      #expect(recorder.values.last == store.quantity)
    }
    #expect(recorder.values.allSatisfy { $0 >= 0 })
  }
}
