import Dispatch
import Foundation
import Reactive
import Shop

/// `make bench` runs the release binary with `SHOP_RENDER_BENCHMARK=1`: the time to render a full frame
/// into a grid, against a floor measured in the same run (filling a blank grid of the same size with
/// one style, cell by cell). It lives in the app because the views are the app's own types; it prints
/// one tab-separated line per frame (name, nanoseconds, floor nanoseconds), which the TUIBenchmarks
/// executable turns into a table.
struct RenderBenchmark {
  func run() {
    for (width, height) in [(80, 24), (200, 60)] {
      let floor = medianNanoseconds(iterations: 200) {
        var grid = Grid(width: width, height: height)
        grid.fill(GridRect(x: 0, y: 0, width: width, height: height), style: .selected)
        blackHole(grid)
      }
      let app = makeApp(catalog: .builtIn, width: width, height: height)
      let frame = medianNanoseconds(iterations: 100) { blackHole(Screen.render(app.state, app.session)) }
      print("\(width)x\(height), built-in catalog\t\(frame)\t\(floor)")
      if width == 80 {
        let large = makeApp(catalog: millionItemCatalog(), width: width, height: height)
        large.controller.handle(.bottom)
        let largeFrame = medianNanoseconds(iterations: 100) {
          blackHole(Screen.render(large.state, large.session))
        }
        print("80x24, 1,000,000 items, at the end\t\(largeFrame)\t\(floor)")
      }
    }
  }

  private struct App {
    let session: ShopSession
    let controller: AppController
    var state: AppState { controller.state }
  }

  /// An app with a few basket lines and timeline events, as a user would have after a minute.
  private func makeApp(catalog: Catalog, width: Int, height: Int) -> App {
    let scheduler = DispatchQueue.test
    let session = ShopSession(
      catalog: catalog, shop: ShopState(), mode: .controlled, debounce: .standard,
      scheduler: scheduler.eraseToAnyScheduler())
    let controller = AppController(session: session, width: width, height: height)
    for step in 0..<6 {
      controller.handle(step % 3 == 2 ? .command(.bag) : .addSelected)
      controller.handle(.move(1))
      scheduler.advance(by: .milliseconds(700))
    }
    return App(session: session, controller: controller)
  }

  private func millionItemCatalog() -> Catalog {
    let items = (0..<1_000_000).map {
      ShoppingItem(id: "item-\($0)", name: "Item number \($0)", price: $0 % 10_000)
    }
    return try! Catalog(currency: "EUR", items: items)
  }
}

/// Keeps the optimizer from discarding a result.
@inline(never)
private func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The median of `rounds` timings of `body`, in nanoseconds per call.
private func medianNanoseconds(rounds: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { body() }
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
  }
  return samples.sorted()[samples.count / 2]
}
