import Foundation
import Shop
import Testing

@testable import AppCore

/// Every screen at the sizes people use, from the smallest the layout takes to a wide terminal, as
/// golden files; and at every size between, nothing written over anything else.
@Suite struct LayoutTests {
  static let sizes = [(40, 12), (80, 24), (100, 30), (200, 60)]

  /// A shop a minute into use: three lines in the basket, two orders, a filter typed.
  static func inUse(width: Int, height: Int) -> TestStore {
    let orders = [
      Order(
        items: [Catalog.builtIn.items[0].withQuantity(2)],
        placedAt: Date(timeIntervalSince1970: 1_796_112_000)),
      Order(
        items: [Catalog.builtIn.items[5].withQuantity(1), .paperBag()],
        placedAt: Date(timeIntervalSince1970: 1_796_117_400)),
    ]
    let app = TestStore(exhaustive: false, shop: ShopState(orders: orders), width: width, height: height)
    app.press(.character("a"), .character("j"), .character("2"), .character("a"), .character("b"))
    app.advance(milliseconds: 400)
    return app
  }

  @Test(arguments: sizes)
  func goldenScreens(size: (width: Int, height: Int)) {
    let name = "\(size.width)x\(size.height)"
    let app = Self.inUse(width: size.width, height: size.height)
    expectSnapshot(app.screen, named: "layout-\(name)-main")
    app.press(.tab, .character("j"))
    expectSnapshot(app.screen, named: "layout-\(name)-basket-focus")
    app.press(.tab, .character("o"))
    expectSnapshot(app.screen, named: "layout-\(name)-history")
    app.press(.enter)
    expectSnapshot(app.screen, named: "layout-\(name)-history-lines")
    app.press(.escape, .escape, .character("i"))
    expectSnapshot(app.screen, named: "layout-\(name)-details")
    app.press(.escape, .character("?"))
    expectSnapshot(app.screen, named: "layout-\(name)-help")
  }

  @Test func atEverySizeTheHeaderTitleAndFooterKeepTheirPartsApart() {
    for width in stride(from: 40, through: 130, by: 3) {
      for height in [12, 13, 16, 19, 20, 24, 25, 31] {
        let app = Self.inUse(width: width, height: height)
        app.press(.character("/"))
        app.type("a very long filter that will not fit")
        app.press(.enter)
        let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let size = "\(width)x\(height)"
        #expect(rows[0].contains("Basket: "), "\(size): the badge in the header")
        #expect(rows[0].contains("  ") || rows[0].contains(" · "), "\(size): header parts apart: \(rows[0])")
        if app.state.layout.basket == nil {
          #expect(rows[1].contains(" basket 3 · "), "\(size): the summary whole: \(rows[1])")
          #expect(
            rows[1].contains("… ") || rows[1].contains("  "), "\(size): title and summary apart: \(rows[1])")
        }
        #expect(rows[height - 1].hasSuffix("? help  q quit"), "\(size): the footer ends with help and quit")
        #expect(rows.count == height + 1)
      }
    }
  }
}
