import Foundation
import Shop
import Testing

@testable import AppCore

/// `s` and the three orders: what each is, the title that names it, the selection that stays on its
/// item, filtered lists in order, and an order built in the background.
@Suite struct ListOrderTests {
  static func catalog(_ entries: [(String, Int)]) throws -> Catalog {
    try Catalog(
      currency: "EUR",
      items: entries.enumerated().map {
        ShoppingItem(id: "item-\($0.offset)", name: $0.element.0, price: $0.element.1)
      })
  }

  static func shownNames(_ app: TestStore) -> [String] {
    ListTestSupport.shownIndices(app.state).map { app.state.catalog.items[Int($0)].name }
  }

  @Test func sCyclesCatalogNamePriceAndTheTitleSaysWhich() {
    let app = TestStore(exhaustive: false)
    let titleRow = { String(app.screen.split(separator: "\n")[1]) }
    #expect(titleRow().hasPrefix(" Items (16) "), "catalog order has no name")
    #expect(!titleRow().contains("·"))
    app.press(.character("s"))
    #expect(app.state.list.order == .name)
    #expect(titleRow().hasPrefix(" Items (16) · by name "))
    app.press(.character("s"))
    #expect(app.state.list.order == .price)
    #expect(titleRow().hasPrefix(" Items (16) · by price "))
    app.press(.character("s"))
    #expect(app.state.list.order == .catalog)
    #expect(ListTestSupport.shownIndices(app.state) == Array(0..<16))
  }

  @Test func nameOrderIgnoresCaseAndAccentsAndKeepsCatalogOrderForEqualNames() throws {
    let app = TestStore(
      exhaustive: false,
      catalog: try Self.catalog([
        ("banana", 1), ("Apple", 2), ("Äpfel", 3), ("apple", 4), ("Crème", 5), ("ápple", 6), ("creme", 7),
        ("Apple pie", 8), ("抹茶", 9), ("zucchini", 10),
      ]))
    app.press(.character("s"))
    #expect(
      Self.shownNames(app) == [
        "Äpfel", "Apple", "apple", "ápple", "Apple pie", "banana", "Crème", "creme", "zucchini", "抹茶",
      ])
  }

  @Test func priceOrderIsCheapestFirstAndKeepsCatalogOrderForEqualPrices() throws {
    let app = TestStore(
      exhaustive: false,
      catalog: try Self.catalog([("A", 300), ("B", 0), ("C", 300), ("D", 70_000), ("E", 0), ("F", 299)]))
    app.press(.character("s"), .character("s"))
    #expect(Self.shownNames(app) == ["B", "E", "F", "A", "C", "D"])
  }

  @Test(arguments: [7, 33, 500, 3000])
  func bothOrdersEqualASlowSortOfARandomCatalog(count: Int) {
    let catalog = ListTestSupport.randomCatalog(count: count, seed: UInt64(count))
    let index = ListIndex(items: catalog.items)
    #expect(index.permutation(.name) == ListTestSupport.referenceOrder(.name, of: catalog))
    #expect(index.permutation(.price) == ListTestSupport.referenceOrder(.price, of: catalog))
  }

  @Test func longSharedPrefixesAreOrderedPastTheirFirstEightBytes() throws {
    // Runs of names that tie on 8, 16 and 24 bytes, long enough for the radix passes.
    var entries: [(String, Int)] = []
    for index in (0..<300).reversed() {
      entries.append(("Item number \(index % 7) of the catalog \(index)", 0))
      entries.append(("Item number", 0))
    }
    let catalog = try Self.catalog(entries)
    #expect(
      ListIndex(items: catalog.items).permutation(.name) == ListTestSupport.referenceOrder(.name, of: catalog)
    )
  }

  @Test func theSelectionStaysOnItsItemAndRowAcrossOrders() throws {
    let entries = (0..<300).map { ("Item \(String(format: "%03d", 299 - $0))", ($0 * 37) % 101) }
    let app = TestStore(exhaustive: false, catalog: try Self.catalog(entries))
    for _ in 0..<120 { app.press(.down) }
    let selected = try #require(app.state.selectedItem)
    let row = app.state.list.selection - app.state.list.scroll
    for _ in 0..<3 {
      app.press(.character("s"))
      #expect(app.state.selectedItem == selected)
      let position = app.state.list.selection
      if position >= row, position - row <= app.state.visibleCount - app.state.layout.list.height {
        #expect(app.state.list.selection - app.state.list.scroll == row, "the same row where it fits")
      }
    }
  }

  @Test func withAFilterTheMatchesAreShownInTheOrder() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.type("e")
    app.press(.enter)
    let matches = ListTestSupport.foundationMatches("e", in: .builtIn)
    for order in [ListOrder.name, .price, .catalog] {
      app.press(.character("s"))
      #expect(app.state.list.order == order)
      #expect(
        ListTestSupport.shownIndices(app.state) == ListTestSupport.shown(matches, in: order, of: .builtIn))
    }
    app.press(.character("s"))
    app.press(.character("/"))
    app.type("s")
    let narrower = ListTestSupport.foundationMatches("es", in: .builtIn)
    #expect(
      ListTestSupport.shownIndices(app.state) == ListTestSupport.shown(narrower, in: .name, of: .builtIn))
    #expect(
      String(app.screen.split(separator: "\n")[1]).hasPrefix(
        " Items matching \"es\" (\(narrower.count)) · by name"))
  }

  @Test func anOrderThatTakesLongIsBuiltInTheBackgroundAndOnlyTheLastOneAskedForIsShown() {
    let store = TestStore(ListTestSupport.backgroundState())
    let index = store.state.list.index
    store.send(.input(.key(.character("s"))), effects: [.startListWork(.prepareOrder(.name, index))]) {
      $0.list.pendingOrder = .name
    }
    #expect(String(store.screen.split(separator: "\n")[1]).hasPrefix(" Items (16) · sorting by name…"))
    store.send(.input(.key(.character("s"))), effects: [.startListWork(.prepareOrder(.price, index))]) {
      $0.list.pendingOrder = .price
    }
    #expect(ListWork.prepareOrder(.name, index).run(isCancelled: { false }) == .listOrderReady(.name))
    store.send(.listOrderReady(.name))
    #expect(ListWork.prepareOrder(.price, index).run(isCancelled: { false }) == .listOrderReady(.price))
    let byPrice = ListTestSupport.referenceOrder(.price, of: .builtIn)
    store.send(.listOrderReady(.price)) {
      $0.list.pendingOrder = nil
      $0.list.order = .price
      $0.list.shown = byPrice
      // Apple stays selected, on the same row: the top one.
      $0.list.selection = byPrice.firstIndex(of: 0)!
      $0.list.scroll = byPrice.firstIndex(of: 0)!
    }
    // Built now: the next press answers at once.
    store.send(.input(.key(.character("s")))) {
      $0.list.order = .catalog
      $0.list.shown = nil
      $0.list.selection = 0
      $0.list.scroll = 0
    }
    let byName = ListTestSupport.referenceOrder(.name, of: .builtIn)
    store.send(.input(.key(.character("s")))) {
      $0.list.order = .name
      $0.list.shown = byName
      $0.list.selection = byName.firstIndex(of: 0)!
      $0.list.scroll = min(byName.firstIndex(of: 0)!, 16 - $0.layout.list.height)
    }
    store.finish()
  }
}
