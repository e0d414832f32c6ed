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
  let rows =
    [
      benchmarkControlledStoreUpdates(threads: 1),
      benchmarkControlledStoreUpdates(threads: 8),
      benchmarkLargeReorder(lines: 40_000),
    ] + benchmarkMillionItemCatalogLoad()
  printTable("Shop, release build", ["benchmark", "result", "target"], rows)
}

/// Updates per second of `ControlledQuantityStore.updateQuantity(with:)` with one subscriber attached;
/// the median of three runs of a million updates.
private func benchmarkControlledStoreUpdates(threads: Int) -> [String] {
  let rates = (0..<3).map { _ in controlledStoreUpdateRate(threads: threads) }.sorted()
  return [
    "controlled store updates, \(threads) thread\(threads == 1 ? "" : "s")",
    "\(format(rates[1] / 1e6, 2)) M/s", "none lost",
  ]
}

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

/// Reorder of an order with `lines` distinct items into an empty basket, controlled store, every price
/// changed since the order.
private func benchmarkLargeReorder(lines: Int) -> [String] {
  let items = (0..<lines).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0 % 1_000 + 1) }
  let catalog = try! Catalog(currency: "EUR", items: items.map { $0.withPrice($0.price + 1) })
  let order = Order(items: items, placedAt: Date(timeIntervalSince1970: 0))
  let start = DispatchTime.now()
  var state = ShopState(orders: [order])
  let result = try! Reorder(store: ControlledQuantityStore()).reorder(order, from: catalog, in: &state)
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

/// Writes a catalog of `count` items to `path` in chunks, so generating it costs little memory.
private func writeGeneratedCatalog(count: Int, to path: String) {
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let output = FileHandle(forWritingAtPath: path)
  else { fatalError("cannot create \(path)") }
  output.write(Data(#"{"currency": "EUR", "items": ["#.utf8))
  var chunk = ""
  for index in 0..<count {
    let separator = index + 1 == count ? "" : ","
    chunk += #"{"id": "item-\#(index)", "name": "Generated item \#(index)", "price": \#(index % 10_000)}"#
    chunk += separator + "\n"
    if chunk.utf8.count > 1 << 20 {
      output.write(Data(chunk.utf8))
      chunk = ""
    }
  }
  output.write(Data((chunk + "]}\n").utf8))
  try? output.close()
}

private func benchmarkMillionItemCatalogLoad() -> [[String]] {
  let count = Catalog.maximumItemCount
  let path = NSTemporaryDirectory() + "shop-bench-catalog-\(getpid()).json"
  defer { unlink(path) }
  writeGeneratedCatalog(count: count, to: path)
  let megabytesBefore = peakResidentMegabytes()
  let start = DispatchTime.now()
  let catalog: Catalog
  do {
    catalog = try Catalog.load(fromFile: path)
  } catch {
    return [["catalog load", "failed: \(error)", ""]]
  }
  let elapsed = seconds(since: start)
  let megabytesAfter = peakResidentMegabytes()
  precondition(catalog.items.count == count)
  return [
    ["catalog load, \(count) items", "\(format(elapsed, 3)) s", "<= 1 s"],
    [
      "catalog load, process peak RSS", "\(format(megabytesAfter, 0)) MB",
      "<= 300 MB (\(format(megabytesBefore, 0)) MB before)",
    ],
  ]
}

extension ShoppingItem {
  fileprivate func withPrice(_ price: Int) -> ShoppingItem {
    ShoppingItem(id: id, name: name, price: price, quantity: quantity)
  }
}
