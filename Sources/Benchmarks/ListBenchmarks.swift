import AppCore
import BenchmarkSupport
import Dispatch
import Foundation
import Reactive
import Shop

/// The item list at 1,000,000 items: each filter keystroke, sort press and move answered (the state
/// updated and the frame rendered), against a floor measured in the same run: one pass over the
/// catalog's names. The background work (a search, a permutation) runs inline, so each figure is the
/// whole answer, less the hop to a background queue and back.
struct ListBenchmarks {
  /// Items in the large catalog.
  static let itemCount = 1_000_000
  /// Rounds of each key sequence; every keystroke of every round is a sample.
  static let rounds = 5

  func run() {
    let catalog = Self.catalog(count: Self.itemCount)
    let floor = nanosecondsPerIteration(iterations: 3, rounds: 5) { count in
      for _ in 0..<count {
        var total = 0
        for item in catalog.items { total &+= item.name.utf8.count }
        _ = blackHole(total)
      }
    }
    printTable(
      "AppCore: the list's index at 1,000,000 items, built once, and the memory it keeps and needs while "
        + "it builds (floor: one pass over the names, \(format(floor / 1e6)) ms)",
      ["build", "ms", "x floor", "kept MB", "peak extra MB"], buildRows(catalog, floor: floor))
    printTable(
      "AppCore: filter keystrokes at 1,000,000 items, each answered and rendered (target: median <= 16 ms, "
        + "worst <= 50 ms)", ["keys", "median ms", "worst ms", "median x floor", "target"],
      filterRows(catalog, floor: floor))
    printTable(
      "AppCore: sort presses and moves at 1,000,000 items, each answered and rendered (target: <= 5 ms)",
      ["keys", "median ms", "worst ms", "target"], keyRows(catalog))
    printTable(
      "AppCore: render an 80x24 frame by catalog size (the list draws only its visible rows)",
      ["items", "us", "x 10,000 items"], renderRows(catalog))
  }

  private func buildRows(_ catalog: Catalog, floor: Double) -> [[String]] {
    var rows: [[String]] = []
    let app = ListApp(catalog: catalog)
    var total = 0
    for (name, order) in [
      ("fold every name", ListOrder.catalog), ("name order", .name), ("price order", .price),
    ] {
      Memory.resetPeak()
      let before = Memory.residentKilobytes()
      let start = nanosecondsNow()
      if order == .catalog { app.prepareFilter() } else { app.prepare(order) }
      let time = Double(nanosecondsNow() - start)
      let kept = Memory.residentKilobytes() - before
      total += kept
      rows.append([
        name, format(time / 1e6), format(time / floor, 2), format(Double(kept) / 1024),
        format(Double(Memory.peakKilobytes() - before) / 1024),
      ])
    }
    rows.append(["all three", "", "", format(Double(total) / 1024), ""])
    return rows
  }

  private func filterRows(_ catalog: Catalog, floor: Double) -> [[String]] {
    let sequences: [(String, [Key])] = [
      ("type banana, a key at a time", Self.keys(typing: "banana")),
      (
        "erase banana, a backspace at a time",
        Self.keys(typing: "banana") + Array(repeating: .backspace, count: 6)
      ),
      ("type 抹茶 (CJK)", Self.keys(typing: "抹茶")),
      ("type creme (finds Crème)", Self.keys(typing: "creme")),
      ("type xyzzy (nothing matches)", Self.keys(typing: "xyzzy")),
      ("type a (everything matches)", Self.keys(typing: "a")),
      ("type apple (after a matched everything)", Self.keys(typing: "apple")),
      ("erase a (back to everything)", Self.keys(typing: "a") + [.backspace]),
    ]
    let app = ListApp(catalog: catalog)
    app.prepareFilter()
    var rows: [[String]] = []
    for (name, keys) in sequences {
      // Erasing rows time only the backspaces; their typing is the set-up.
      let backspaces = keys.filter { $0 == .backspace }.count
      let measured = backspaces == 0 ? keys.count : backspaces
      var samples: [Double] = []
      for _ in 0..<Self.rounds {
        app.press(.character("/"))
        for (step, key) in keys.enumerated() {
          let time = app.answer(key)
          if step >= keys.count - measured { samples.append(time) }
        }
        app.press(.escape)
      }
      rows.append(Self.row(name, samples, floor: floor, target: 16, worstTarget: 50))
    }
    return rows
  }

  private func keyRows(_ catalog: Catalog) -> [[String]] {
    let app = ListApp(catalog: catalog)
    app.prepareFilter()
    app.prepare(.name)
    app.prepare(.price)
    var rows: [[String]] = []
    var sorts: [Double] = []
    for _ in 0..<(Self.rounds * 3) { sorts.append(app.answer(.character("s"))) }
    rows.append(Self.row("s: next order, whole catalog", sorts, floor: nil, target: 5, worstTarget: 5))
    app.press(.character("/"))
    for key in Self.keys(typing: "an") { app.press(key) }
    app.press(.enter)
    var filteredSorts: [Double] = []
    for _ in 0..<(Self.rounds * 3) { filteredSorts.append(app.answer(.character("s"))) }
    rows.append(
      Self.row("s: next order, filtered to \"an\"", filteredSorts, floor: nil, target: 5, worstTarget: 5))
    app.press(.escape)
    for (name, key) in [
      ("j: down one", Key.character("j")), ("k: up one", .character("k")), ("PgDn", .pageDown),
      ("PgUp", .pageUp),
      ("G: last item", .character("G")), ("g: first item", .character("g")),
    ] {
      var samples: [Double] = []
      for _ in 0..<(Self.rounds * 4) { samples.append(app.answer(key)) }
      rows.append(Self.row(name, samples, floor: nil, target: 5, worstTarget: 5))
    }
    return rows
  }

  private func renderRows(_ large: Catalog) -> [[String]] {
    var frames: [(Int, Double)] = []
    for count in [10, 10_000, Self.itemCount] {
      let app = ListApp(catalog: count == Self.itemCount ? large : Self.catalog(count: count))
      app.press(.character("G"))
      let frame = nanosecondsPerIteration(iterations: 200) { iterations in
        for _ in 0..<iterations { _ = blackHole(app.render()) }
      }
      frames.append((count, frame))
    }
    // Ten items fill fewer rows than the list has: the ratio is to 10,000 items, which fill them all.
    let full = frames[1].1
    return frames.map { [$0.0.formatted(), format($0.1 / 1000), format($0.1 / full, 2)] }
  }

  private static func row(
    _ name: String, _ samples: [Double], floor: Double?, target: Double, worstTarget: Double
  ) -> [String] {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2] / 1e6
    let worst = sorted.last! / 1e6
    let met = median <= target && worst <= worstTarget
    var row = [name, format(median, 2), format(worst, 2)]
    if let floor { row.append(format(median * 1e6 / floor, 2)) }
    row.append(met ? "ok" : "MISSED")
    return row
  }

  private static func keys(typing text: String) -> [Key] {
    text.map { Key.character($0) }
  }

  /// `count` items whose names mix ASCII, accents, German, Cyrillic, Korean and Japanese, every one
  /// holding an `a`; one in 24 holds `banana`, one in 24 `抹茶`. Numbers have seven digits, so that
  /// names are as long in a small catalog as in a large one.
  static func catalog(count: Int) -> Catalog {
    let kinds = [
      "Apple", "Banana", "Crème fraîche", "抹茶 Matcha", "Sourdough bread", "Straße Brot", "Jalapeño",
      "Smetana Сметана", "Ramen ラーメン", "Café au lait", "Kimchi 김치 jar", "Pâté", "Açaí bowl",
      "Mozzarella", "Paprika", "Tahini", "Oat milk", "Saffron", "Basmati rice", "Wasabi", "Tofu bar",
      "Bagel", "Garlic", "Peanut butter",
    ]
    let kindsOf = [
      "small", "large", "organic", "fresh", "frozen", "dried", "smoked", "whole", "sliced", "classic",
      "bio", "extra", "mini", "family pack", "gluten-free", "spicy", "premium",
    ]
    let items = (0..<count).map { index in
      ShoppingItem(
        id: "item-\(index)",
        name:
          "\(kinds[index % kinds.count]) \(kindsOf[(index / kinds.count) % kindsOf.count]) \(number(index))",
        price: (index &* 7919) % 10_000)
    }
    return try! Catalog(currency: "EUR", items: items)
  }
}

/// The app at one catalog, driven key by key as the terminal would, with the list's background work
/// run inline and its answer delivered on the virtual clock.
private final class ListApp {
  private let scheduler = DispatchQueue.test
  private let shell = SilentShell()
  private let runtime: AppRuntime

  init(catalog: Catalog) {
    let state = AppState(
      catalog: catalog, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: 24)
    runtime = AppRuntime(
      state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil, shell: shell,
      listWork: InlineListWork())
  }

  /// Builds the folded names, as opening the filter does in the background.
  func prepareFilter() {
    _ = ListWork.prepareFilter(runtime.state.list.index).run(isCancelled: { false })
  }

  /// Builds the permutation of `order`.
  func prepare(_ order: ListOrder) {
    _ = ListWork.prepareOrder(order, runtime.state.list.index).run(isCancelled: { false })
  }

  /// Presses `key` and lets what it started finish.
  func press(_ key: Key) {
    runtime.send(.input(.key(key)))
    scheduler.advance()
  }

  /// Nanoseconds from pressing `key` to its answer's frame.
  func answer(_ key: Key) -> Double {
    let start = nanosecondsNow()
    press(key)
    _ = blackHole(render())
    return Double(nanosecondsNow() - start)
  }

  func render() -> Grid { Screen.render(runtime.state) }
}

/// Runs list work at once, on the caller's thread.
private final class InlineListWork: ListWorkRunner {
  func run(_ work: @escaping @Sendable () -> Void) { work() }
}

/// A shell with no screen: the benchmark renders itself, to time it.
private final class SilentShell: AppShell {
  var hasScreen: Bool { false }
  func draw(_ grid: Grid) {}
  func invalidate() {}
  func announce(_ event: TimedEvent) {}
  func exit(status: Int32, message: String?) {}
}

/// `index` in seven digits, zeros first.
private func number(_ index: Int) -> String {
  let digits = String(index)
  return String(repeating: "0", count: max(0, 7 - digits.count)) + digits
}
