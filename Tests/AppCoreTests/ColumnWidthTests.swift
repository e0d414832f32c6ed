import Shop
import Testing

@testable import AppCore

/// Columns as wide as the widest value they show: a large price never runs into the basket count
/// beside it in the item list, nor a large total into the word `Total`.
@Suite struct ColumnWidthTests {
  static let catalog = try! Catalog(
    currency: "EUR",
    items: [
      ShoppingItem(id: "yacht", name: "Yacht", price: 100_000_000),
      ShoppingItem(id: "apple", name: "Apple", price: 50),
    ])

  @Test func aLargePriceKeepsASpaceFromTheCountInTheList() {
    let app = TestStore(exhaustive: false, catalog: Self.catalog)
    app.press(.character("1"), .character("2"), .character("a"), .down, .character("a"))
    let rows = app.screen.split(separator: "\n").map(String.init)
    let yacht = rows.first { $0.hasPrefix(" Yacht") } ?? ""
    #expect(yacht.contains(" ×12 1000000.00 EUR"), "count and price apart: \(yacht)")
    let apple = rows.first { $0.hasPrefix(" Apple") } ?? ""
    #expect(
      apple.firstRange(of: "0.50 EUR")?.upperBound == yacht.firstRange(of: "1000000.00 EUR")?.upperBound,
      "prices aligned on the right:\n\(yacht)\n\(apple)")
  }

  @Test func aLargeTotalKeepsASpaceFromTheWordTotal() {
    let app = TestStore(exhaustive: false, catalog: Self.catalog)
    app.press(.character("1"), .character("5"), .character("a"))
    let rows = app.screen.split(separator: "\n").map(String.init)
    let total = rows.first { $0.contains("15 items") } ?? ""
    #expect(!total.contains("Total15"), "the word and the figures run together: \(total)")
    #expect(total.contains("15 items  15000000.00 EUR"), "the whole total: \(total)")
  }
}
