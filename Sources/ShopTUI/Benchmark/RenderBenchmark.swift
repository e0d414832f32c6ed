import Dispatch
import Foundation
import Reactive
import Shop

/// `make bench` runs the release binary with `SHOP_RENDER_BENCHMARK=1`: the time to render a full frame
/// into a grid, against a floor measured in the same run (filling a blank grid of the same size with
/// one style, cell by cell). It lives in the app because the views are the app's own types.
struct RenderBenchmark {
  func run() {
    var rows: [[String]] = []
    for (width, height) in [(80, 24), (200, 60)] {
      let floor = medianNanoseconds(iterations: 200) {
        var grid = Grid(width: width, height: height)
        grid.fill(GridRect(x: 0, y: 0, width: width, height: height), style: .selected)
        blackHole(grid)
      }
      let app = makeApp(catalog: .builtIn, width: width, height: height)
      let frame = medianNanoseconds(iterations: 100) { blackHole(Screen.render(app.state, app.session)) }
      rows.append([
        "\(width)x\(height), built-in catalog", format(frame / 1000), format(floor / 1000),
        format(frame / floor),
      ])
      if width == 80 {
        let large = makeApp(catalog: millionItemCatalog(), width: width, height: height)
        large.controller.handle(.bottom)
        let largeFrame = medianNanoseconds(iterations: 100) {
          blackHole(Screen.render(large.state, large.session))
        }
        rows.append([
          "80x24, 1,000,000 items, at the end", format(largeFrame / 1000), format(floor / 1000),
          format(largeFrame / floor),
        ])
      }
    }
    printTable(
      "ShopTUI: render a full frame into a grid (floor: fill a blank grid)",
      ["frame", "us", "floor us", "x floor"], rows)
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

private func format(_ value: Double) -> String { String(format: "%.1f", value) }

private func printTable(_ title: String, _ header: [String], _ rows: [[String]]) {
  let all = [header] + rows
  let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
  print("\n" + title)
  for (index, row) in all.enumerated() {
    let cells = row.enumerated().map { column, cell in
      column == 0
        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        : String(repeating: " ", count: widths[column] - cell.count) + cell
    }
    print("  " + cells.joined(separator: "  "))
    if index == 0 { print("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
  }
}
