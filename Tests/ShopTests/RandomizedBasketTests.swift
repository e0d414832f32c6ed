import Foundation
import Testing

@testable import Shop

/// Long seeded sequences of user operations keep the basket's invariants.
@Suite struct RandomizedBasketTests {
  @Test(arguments: [1, 2, 3, 42, 2_026] as [UInt64])
  func longOperationSequencesKeepEveryInvariant(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let catalog = Catalog.builtIn.items + [.paperBag()]
    var state = ShopState()
    var expected: [String: Int] = [:]
    for step in 0..<5_000 {
      let item = catalog.randomElement(using: &random)!
      let quantity = Int.random(in: -1...400, using: &random)
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<10:
        let before = expected[item.id, default: 0]
        do {
          try state.basket.add(item.withQuantity(quantity))
          expected[item.id] = before + quantity
        } catch {
          #expect(quantity <= 0 || before + quantity > Basket.limit(for: item))
        }
      case 10..<17:
        let before = expected[item.id, default: 0]
        do {
          try state.basket.remove(itemWithID: item.id, quantity: quantity)
          expected[item.id] = before - quantity == 0 ? nil : before - quantity
        } catch {
          #expect(quantity <= 0 || quantity > before)
        }
      case 17, 18:
        do {
          let order = try state.checkout(at: Date(timeIntervalSince1970: Double(step)), from: .builtIn)
          #expect(Dictionary(uniqueKeysWithValues: order.items.map { ($0.id, $0.quantity) }) == expected)
          expected = [:]
        } catch {
          #expect(expected.keys.allSatisfy { $0 == ShoppingItem.paperBagID })
        }
      default:
        do {
          let result = try state.reorderLastOrder(from: .builtIn)
          for line in result.added { expected[line.id, default: 0] += line.quantity }
        } catch {
          if case .lineLimitExceeded = error {
            #expect(state.lastOrder != nil)
          } else {
            #expect(error == .noPreviousOrder && state.lastOrder == nil)
          }
        }
      }
      let lines = state.basket.lines
      #expect(lines.allSatisfy { (1...Basket.limit(for: $0)).contains($0.quantity) })
      #expect(Set(lines.map(\.id)).count == lines.count)
      #expect(Dictionary(uniqueKeysWithValues: lines.map { ($0.id, $0.quantity) }) == expected)
      #expect(expected.allSatisfy { state.basket.quantity(ofItemWithID: $0.key) == $0.value })
      #expect(lines.allSatisfy { state.basket.line(withID: $0.id) == $0 })
      #expect(
        state.basket.badgeQuantity
          == expected.filter { $0.key != ShoppingItem.paperBagID }.values.reduce(0, +))
      #expect(state.basket.subtotal == lines.reduce(0) { $0 + $1.price * $1.quantity })
      #expect(state.basket.badgeQuantity >= 0)
    }
  }
}
