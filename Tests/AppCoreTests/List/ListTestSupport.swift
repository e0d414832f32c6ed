import Foundation
import Shop

@testable import AppCore

/// Catalogs and brute-force answers for the item list's tests.
enum ListTestSupport {
  /// A catalog of `count` items with random names (from ``NameFoldingTests/randomText(length:using:)``
  /// and a few whole words, so that names share long prefixes) and random prices with many ties.
  static func randomCatalog(count: Int, seed: UInt64) -> Catalog {
    var random = SplitMix64(seed: seed)
    let words = ["Apple", "apple pie", "Äpfel", "Banana", "Crème", "creme", "Straße", "抹茶", "Item number"]
    let items = (0..<count).map { index in
      var name = NameFoldingTests.randomText(length: Int.random(in: 1...6, using: &random), using: &random)
      // A catalog refuses a name with nothing that shows (only spaces or invisible characters).
      if Bool.random(using: &random)
        || !name.contains(where: { $0.isLetter || $0.isNumber || $0.isPunctuation })
      {
        name = words.randomElement(using: &random)! + " " + name
      }
      return ShoppingItem(id: "item-\(index)", name: name, price: Int.random(in: 0...40, using: &random) * 25)
    }
    return try! Catalog(currency: "EUR", items: items)
  }

  /// The catalog indices, ascending, of the items whose names the first matcher found `query` in.
  static func foundationMatches(_ query: String, in catalog: Catalog) -> [Int32] {
    catalog.items.indices.compactMap { index in
      NameFoldingTests.foundationFinds(query, in: catalog.items[index].name) ? Int32(index) : nil
    }
  }

  /// The catalog indices in `order`, sorted the slow way: by folded name (compared byte by byte) or
  /// price, then by index.
  static func referenceOrder(_ order: ListOrder, of catalog: Catalog) -> [Int32] {
    let items = catalog.items
    switch order {
    case .catalog:
      return items.indices.map { Int32($0) }
    case .name:
      var folder = NameFolder()
      let folded = items.map { folder.fold(query: $0.name) }
      return items.indices.sorted { left, right in
        folded[left] == folded[right]
          ? left < right : folded[left].lexicographicallyPrecedes(folded[right])
      }.map { Int32($0) }
    case .price:
      return items.indices.sorted { left, right in
        items[left].price == items[right].price ? left < right : items[left].price < items[right].price
      }.map { Int32($0) }
    }
  }

  /// `matches` shown in `order`, the slow way.
  static func shown(_ matches: [Int32]?, in order: ListOrder, of catalog: Catalog) -> [Int32] {
    let all = referenceOrder(order, of: catalog)
    guard let matches else { return all }
    let wanted = Set(matches)
    return all.filter { wanted.contains($0) }
  }

  /// The catalog indices the list shows, in order.
  static func shownIndices(_ state: AppState) -> [Int32] {
    (0..<state.visibleCount).map {
      Int32(state.list.catalogIndex(at: $0, catalogCount: state.catalog.items.count)!)
    }
  }

  /// A state of the built-in catalog (or `catalog`) whose list does all its work in the background.
  static func backgroundState(catalog: Catalog = .builtIn, height: Int = 24) -> AppState {
    var state = AppState(
      catalog: catalog, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: height)
    state.list.budget = .nothing
    return state
  }
}
