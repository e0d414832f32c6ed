import Foundation
import Shop
import Testing

@testable import AppCore

/// A basket saved under yesterday's catalog: at load its lines take today's names and prices, as a
/// reorder does, and the app says how many changed, so checkout never charges an old price.
@Suite struct StartupRefreshTests {
  /// A state file in a fresh directory holding `basket`, opened by `Startup` with `catalog`.
  func start(with basket: [ShoppingItem], catalog: Catalog) throws -> Startup {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shop-startup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("state.json").path
    do {
      var state = ShopState()
      try state.basket.add(basket)
      let store = try StateStore(path: path)
      store.save(state)
      try store.flush()
    }
    var options = AppOptions()
    options.state = .file(path)
    return try Startup.prepare(
      options, catalog: catalog, environment: [:], now: Date(timeIntervalSince1970: 0))
  }

  @Test func savedLinesTakeTodaysNameAndPriceAndTheAppSaysHowManyChanged() throws {
    let today = try Catalog(
      currency: "EUR",
      items: [
        ShoppingItem(id: "apple", name: "Apple", price: 60),
        ShoppingItem(id: "pear", name: "Conference pear", price: 80),
        ShoppingItem(id: "fig", name: "Fig", price: 120),
      ])
    let startup = try start(
      with: [
        ShoppingItem(id: "apple", name: "Apple", price: 50, quantity: 2),
        ShoppingItem(id: "pear", name: "Pear", price: 80, quantity: 1),
        ShoppingItem(id: "fig", name: "Fig", price: 120, quantity: 3),
        ShoppingItem(id: "retired", name: "Retired tea", price: 777, quantity: 1),
      ], catalog: today)
    #expect(
      startup.shop.basket.lines == [
        ShoppingItem(id: "apple", name: "Apple", price: 60, quantity: 2),
        ShoppingItem(id: "pear", name: "Conference pear", price: 80, quantity: 1),
        ShoppingItem(id: "fig", name: "Fig", price: 120, quantity: 3),
        ShoppingItem(id: "retired", name: "Retired tea", price: 777, quantity: 1),
      ])
    #expect(startup.shop.basket.subtotal == 2 * 60 + 80 + 3 * 120 + 777)
    #expect(
      startup.notice
        == "2 basket lines changed name or price in the catalog: now at today's; 1 item in the basket no longer in the catalog: kept, marked unavailable"
    )
  }

  @Test func aBasketTheCatalogStillMatchesLoadsWithoutANotice() throws {
    let startup = try start(
      with: [ShoppingItem(id: "apple", name: "Apple", price: 50, quantity: 2)],
      catalog: try Catalog(currency: "EUR", items: [ShoppingItem(id: "apple", name: "Apple", price: 50)]))
    #expect(startup.shop.basket.lines == [ShoppingItem(id: "apple", name: "Apple", price: 50, quantity: 2)])
    #expect(startup.notice == nil)
  }
}
