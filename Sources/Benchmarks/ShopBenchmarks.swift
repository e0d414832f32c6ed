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
    let what = describedItems ? "\(count) items, each described" : "\(count) items"
    rows += [
      [
        "catalog load, \(what)", "\(format(elapsed, 3)) s, \(format(elapsed / floor, 1))x",
        describedItems ? "" : "< 0.5 s",
      ],
      ["  floor: read the file, count braces", "\(format(floor, 3)) s", ""],
      [
        "  process peak RSS after it", "\(format(megabytesAfter, 0)) MB",
        (describedItems ? "" : "<= 200 MB ") + "(\(format(megabytesBefore, 0)) MB before)",
      ],
    ]
  }
  return rows
}
