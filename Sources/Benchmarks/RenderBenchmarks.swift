import AppCore
import BenchmarkSupport
import Dispatch
import Foundation
import Reactive
import Shop

/// The time to render a full frame into a grid, against a floor measured in the same run: filling a
/// blank grid of the same size with one style, cell by cell.
struct RenderBenchmarks {
  func run() {
    var rows: [[String]] = []
    for (width, height) in [(80, 24), (200, 60)] {
      let floor = nanosecondsPerIteration(iterations: 200) { count in
        for _ in 0..<count {
          var grid = Grid(width: width, height: height)
          grid.fill(GridRect(x: 0, y: 0, width: width, height: height), style: .selected)
          _ = blackHole(grid)
        }
      }
      let app = Self.makeApp(catalog: .builtIn, width: width, height: height)
      let frame = nanosecondsPerIteration(iterations: 100) { count in
        for _ in 0..<count { _ = blackHole(Screen.render(app.state)) }
      }
      rows.append(Self.row("\(width)x\(height), built-in catalog", frame, floor))
      if width == 80 {
        let large = Self.makeApp(catalog: Self.millionItemCatalog(), width: width, height: height)
        large.send(.input(.key(.end)))
        let largeFrame = nanosecondsPerIteration(iterations: 100) { count in
          for _ in 0..<count { _ = blackHole(Screen.render(large.state)) }
        }
        rows.append(Self.row("80x24, 1,000,000 items, at the end", largeFrame, floor))
      }
    }
    printTable(
      "AppCore: render a full frame into a grid (floor: fill a blank grid of the same size)",
      ["frame", "us", "floor us", "x floor"], rows)
  }

  private static func row(_ name: String, _ frame: Double, _ floor: Double) -> [String] {
    [name, format(frame / 1000), format(floor / 1000), format(frame / floor)]
  }

  /// An app with a few basket lines and timeline events, as a user would have after a minute.
  private static func makeApp(catalog: Catalog, width: Int, height: Int) -> App {
    let scheduler = DispatchQueue.test
    let state = AppState(
      catalog: catalog, shop: ShopState(), mode: .controlled, debounce: .standard, width: width,
      height: height)
    let shell = NullShell()
    let runtime = AppRuntime(
      state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil, shell: shell)
    for step in 0..<6 {
      runtime.send(.input(.key(.character(step % 3 == 2 ? "b" : "a"))))
      runtime.send(.input(.key(.down)))
      scheduler.advance(by: .milliseconds(700))
    }
    return App(runtime: runtime, shell: shell)
  }

  /// A runtime and the shell it draws into (which the runtime does not keep alive).
  private struct App {
    let runtime: AppRuntime
    let shell: NullShell
    var state: AppState { runtime.state }
    func send(_ event: AppEvent) { runtime.send(event) }
  }

  private static func millionItemCatalog() -> Catalog {
    let items = (0..<1_000_000).map {
      ShoppingItem(id: "item-\($0)", name: "Item number \($0)", price: $0 % 10_000)
    }
    return try! Catalog(currency: "EUR", items: items)
  }
}

/// A shell that draws nowhere.
private final class NullShell: AppShell {
  var hasScreen: Bool { false }
  func draw(_ grid: Grid) {}
  func invalidate() {}
  func announce(_ event: TimedEvent) {}
  func exit(status: Int32, message: String?) {}
}
