import BenchmarkSupport
import Dispatch
import Foundation
import Reactive
import Shop

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the Shop benchmarks and prints them as one table: benchmark, result, target.
func runShopBenchmarks() {
  let floor = medianRate { lockedIncrementRate(threads: 8) }
  let rows =
    [
      ["floor: the stores' lock around an increment, 8 threads", "\(format(floor / 1e6, 2)) M/s", ""],
      storeRow("controlled store updates, 1 thread", floor: floor, target: "none lost") {
        controlledStoreUpdateRate(threads: 1)
      },
      storeRow("controlled store updates, 8 threads", floor: floor, target: ">= 7 M/s, none lost") {
        controlledStoreUpdateRate(threads: 8)
      },
      storeRow("derived store writes, 1 thread", floor: floor, target: "none lost") {
        basketStoreWriteRate(threads: 1)
      },
      storeRow("derived store writes, 8 threads", floor: floor, target: "none lost") {
        basketStoreWriteRate(threads: 8)
      },
      benchmarkLargeReorder(lines: Basket.maximumLineCount),
    ] + benchmarkMillionItemCatalogLoad()
  printTable("Shop, release build", ["benchmark", "result", "target"], rows)
}

/// The median of three runs of `rate`.
func medianRate(_ rate: () -> Double) -> Double {
  (0..<3).map { _ in rate() }.sorted()[1]
}

/// A row of writes per second, the median of three runs of a million, as a share of `floor`.
private func storeRow(_ name: String, floor: Double, target: String, _ rate: () -> Double) -> [String] {
  let median = medianRate(rate)
  return [name, "\(format(median / 1e6, 2)) M/s (\(format(median / floor * 100, 0))% of floor)", target]
}

/// Increments per second of an `Int` behind the `Locked` the stores use, from `threads` threads: what
/// a store's write can at best approach, and what a send from as many threads into one subject does.
func lockedIncrementRate(threads: Int) -> Double {
  let incrementsPerThread = 1_000_000 / threads
  let counter = Locked(0)
  let start = DispatchTime.now()
  DispatchQueue.concurrentPerform(iterations: threads) { _ in
    for _ in 0..<incrementsPerThread {
      counter.withLock { $0 += 1 }
    }
  }
  let elapsed = seconds(since: start)
  precondition(counter.withLock { $0 } == incrementsPerThread * threads)
  return Double(incrementsPerThread * threads) / elapsed
}

/// Updates per second of `ControlledQuantityStore.updateQuantity(with:)` with one subscriber attached.
private func controlledStoreUpdateRate(threads: Int) -> Double {
  let updatesPerThread = 1_000_000 / threads
  let store = ControlledQuantityStore()
  let lastSeen = LastValue()
  let subscription = store.quantityPublisher.sink { lastSeen.record($0) }
  let item = [ShoppingItem(id: "apple", name: "Apple", price: 50)]
  let start = DispatchTime.now()
  DispatchQueue.concurrentPerform(iterations: threads) { _ in
    for _ in 0..<updatesPerThread {
      try! store.updateQuantity(with: item)
    }
  }
  let elapsed = seconds(since: start)
  subscription.cancel()
  let total = updatesPerThread * threads
  precondition(store.quantity == total && lastSeen.value == total, "lost updates")
  return Double(total) / elapsed
}

/// Writes per second of `BasketStore` with one count subscriber attached: each thread gives it, in
/// turn, a basket of one unit of its own item and the empty basket, as the runtime hands it the basket
/// each write leaves. A lost write would leave a count other than the last basket's (0).
private func basketStoreWriteRate(threads: Int) -> Double {
  let writesPerThread = 1_000_000 / threads / 2 * 2
  let store = BasketStore()
  let lastSeen = LastValue()
  let subscription = store.quantityPublisher.sink { lastSeen.record($0) }
  let start = DispatchTime.now()
  DispatchQueue.concurrentPerform(iterations: threads) { thread in
    let one = Basket(lines: [ShoppingItem(id: "item-\(thread)", name: "Item", price: 50)])
    let empty = Basket()
    for write in 0..<writesPerThread {
      store.follow(write % 2 == 0 ? one : empty)
    }
  }
  let elapsed = seconds(since: start)
  subscription.cancel()
  precondition(store.quantity == 0 && lastSeen.value == 0, "lost writes")
  return Double(writesPerThread * threads) / elapsed
}

/// Reorder of an order with `lines` distinct items into an empty basket, controlled store, every price
/// changed since the order.
private func benchmarkLargeReorder(lines: Int) -> [String] {
  let items = (0..<lines).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0 % 1_000 + 1) }
  let catalog = try! Catalog(currency: "EUR", items: items.map { $0.withPrice($0.price + 1) })
  let order = Order(items: items, placedAt: Date(timeIntervalSince1970: 0))
  let start = DispatchTime.now()
  var state = ShopState(orders: [order])
  let store = ControlledQuantityStore()
  let (result, write) = try! Reorder(mode: .controlled).reorder(order, from: catalog, in: &state)
  try! store.perform(write, basket: state.basket)
  let elapsed = seconds(since: start)
  precondition(result.added.count == lines && state.basket.lines.count == lines)
  return ["reorder of a \(lines)-line order", "\(format(elapsed * 1e3, 1)) ms", ""]
}

/// The last value a subscriber saw; written only from inside the store's serialized delivery.
private final class LastValue: @unchecked Sendable {
  private let lock = NSLock()
  private var latest = 0
  var value: Int { lock.withLock { latest } }
  func record(_ value: Int) { lock.withLock { latest = value } }
}

/// The process's peak resident set size in megabytes (Linux reports `ru_maxrss` in kilobytes).
private func peakResidentMegabytes() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

private func seconds(since start: DispatchTime) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// Writes a catalog of `count` items to `path` in chunks, so generating it costs little memory; with
/// `describedItems`, each item has an 80-character description.
private func writeGeneratedCatalog(count: Int, describedItems: Bool, to path: String) {
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let output = FileHandle(forWritingAtPath: path)
  else { fatalError("cannot create \(path)") }
  output.write(Data(#"{"currency": "EUR", "items": ["#.utf8))
  var chunk = ""
  for index in 0..<count {
    let separator = index + 1 == count ? "" : ","
    let description =
      describedItems
      ? #", "description": "Generated for the benchmark: item \#(index), a description of 80 chars""# : ""
    chunk +=
      #"{"id": "item-\#(index)", "name": "Generated item \#(index)", "price": \#(index % 10_000)\#(description)}"#
    chunk += separator + "\n"
    if chunk.utf8.count > 1 << 20 {
      output.write(Data(chunk.utf8))
      chunk = ""
    }
  }
  output.write(Data((chunk + "]}\n").utf8))
  try? output.close()
}

/// The floor for loading a catalog: reading the same file whole and counting its opening braces, in
/// the same run, so that the load's cost is shown as a ratio to what touching every byte costs.
private func fileReadFloor(_ path: String) -> Double {
  let start = DispatchTime.now()
  guard let data = FileManager.default.contents(atPath: path) else { return .nan }
  var braces = 0
  data.withUnsafeBytes { bytes in
    for byte in bytes where byte == UInt8(ascii: "{") { braces += 1 }
  }
  precondition(braces > 0)
  return seconds(since: start)
}

private func benchmarkMillionItemCatalogLoad() -> [[String]] {
  let count = Catalog.maximumItemCount
  var rows: [[String]] = []
  for describedItems in [false, true] {
    let path = NSTemporaryDirectory() + "shop-bench-catalog-\(getpid()).json"
    defer { unlink(path) }
    writeGeneratedCatalog(count: count, describedItems: describedItems, to: path)
    let megabytesBefore = peakResidentMegabytes()
    let start = DispatchTime.now()
    let elapsed: Double
    do {
      let catalog = try Catalog.load(fromFile: path)
      elapsed = seconds(since: start)
      precondition(catalog.items.count == count)
    } catch {
      return [["catalog load", "failed: \(error)", ""]]
    }
    let megabytesAfter = peakResidentMegabytes()
    // Read once the catalog is gone, so that neither the floor's copy of the file nor the catalog
    // is in the other's peak.
    let floor = fileReadFloor(path)
    // Then one core and two in turn, so that both meet the same machine and the same heap: the
    // figures are the medians of these runs and the first.
    var oneCoreTimes: [Double] = []
    var twoCoreTimes = [elapsed]
    for _ in 0..<2 {
      for cores in [1, 2] {
        let start = DispatchTime.now()
        let loaded = try? Catalog.load(
          fromFile: path, twoCoresFrom: cores == 1 ? .max : 0)
        let time = seconds(since: start)
        precondition(loaded?.catalog.items.count == count && loaded?.usedSecondCore == (cores == 2))
        if cores == 1 { oneCoreTimes.append(time) } else { twoCoreTimes.append(time) }
      }
    }
    let median = { (times: [Double]) in times.sorted()[times.count / 2] }
    let oneCoreElapsed = median(oneCoreTimes)
    let twoCoreElapsed = median(twoCoreTimes)
    let what = describedItems ? "\(count) items, each described" : "\(count) items"
    rows += [
      [
        "catalog load, \(what), median of 3",
        "\(format(twoCoreElapsed, 3)) s, \(format(twoCoreElapsed / floor, 1))x",
        describedItems ? "" : "< 0.5 s",
      ],
      ["  floor: read the file, count braces", "\(format(floor, 3)) s", ""],
      [
        "  the same on one core, median of 2",
        "\(format(oneCoreElapsed, 3)) s, \(format(oneCoreElapsed / floor, 1))x", "",
      ],
      [
        "  process peak RSS after it", "\(format(megabytesAfter, 0)) MB",
        (describedItems ? "" : "<= 200 MB ") + "(\(format(megabytesBefore, 0)) MB before)",
      ],
    ]
  }
  return rows
}

extension ShoppingItem {
  fileprivate func withPrice(_ price: Int) -> ShoppingItem {
    ShoppingItem(id: id, name: name, price: price, quantity: quantity)
  }
}
