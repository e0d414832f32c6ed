import Dispatch
import Foundation
import Shop

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the Shop benchmarks and prints one row each: name, figure, target.
func runShopBenchmarks() {
  benchmarkMillionItemCatalogLoad()
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
