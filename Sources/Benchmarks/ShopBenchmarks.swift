import Dispatch
import Foundation
import Shop

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the Shop benchmarks and prints one row each: name, figure, target.
func runShopBenchmarks() {
  benchmarkControlledStoreUpdates(threads: 1)
  benchmarkControlledStoreUpdates(threads: 8)
  benchmarkMillionItemCatalogLoad()
}

/// Updates per second of `ControlledQuantityStore.updateQuantity(with:)`, with one subscriber attached.
private func benchmarkControlledStoreUpdates(threads: Int) {
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
  let rate = Double(total) / elapsed
  printRow(
    "controlled store updates, \(threads) thread\(threads == 1 ? "" : "s")",
    String(format: "%.2f M/s", rate / 1e6), "\(total) updates, none lost")
}

/// The last value a subscriber saw; written only from inside the store's serialized delivery.
private final class LastValue: @unchecked Sendable {
  private let lock = NSLock()
  private var latest = 0
  var value: Int { lock.withLock { latest } }
  func record(_ value: Int) { lock.withLock { latest = value } }
}

private func printRow(_ name: String, _ figure: String, _ target: String = "") {
  let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
  let figureColumn = figure.padding(toLength: 22, withPad: " ", startingAt: 0)
  print("\(padded)\(figureColumn)\(target)")
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

private func benchmarkMillionItemCatalogLoad() {
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
    print("catalog load failed: \(error)")
    return
  }
  let elapsed = seconds(since: start)
  let megabytesAfter = peakResidentMegabytes()
  precondition(catalog.items.count == count)
  printRow("catalog load, \(count) items", String(format: "%.3f s", elapsed), "target ≤ 1 s")
  printRow(
    "catalog load, peak RSS", String(format: "%.0f MB", megabytesAfter),
    String(format: "target ≤ 300 MB (%.0f MB before)", megabytesBefore))
}
