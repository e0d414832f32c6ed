import Dispatch
import Foundation

// What every benchmark executable of the project shares: timing, and printing tables.

/// Keeps the optimizer from proving a result unused or a value constant. `@inlinable` so that callers
/// specialise it (a closure passed through the unspecialised generic would gain reabstraction thunks,
/// and the closure-call floor would be measured slower than it is), `@inline(never)` so that they
/// cannot see through it.
@inlinable @inline(never)
public func blackHole<T>(_ value: T) -> T { value }

/// Nanoseconds of monotonic time.
public func nanosecondsNow() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The median per-iteration cost, in nanoseconds, of `body(iterations)` over `rounds` runs.
///
/// The median of several rounds, each long enough to swamp timer resolution, is stable on a shared
/// two-core machine where a single round can be disturbed.
public func nanosecondsPerIteration(iterations: Int, rounds: Int = 7, _ body: (Int) -> Void) -> Double {
  body(iterations / 10)  // warm up caches and lazy initialisation
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = nanosecondsNow()
    body(iterations)
    samples.append(Double(nanosecondsNow() - start) / Double(iterations))
  }
  return samples.sorted()[samples.count / 2]
}

/// Prints a table as Markdown, its columns aligned so that it reads as well in a terminal as in
/// BENCHMARKS.md (which `make bench` writes from this output): the title as a heading, the first
/// column left-aligned and the others right-aligned.
public func printTable(_ title: String, _ header: [String], _ rows: [[String]]) {
  let all = [header] + rows
  let widths = header.indices.map { column in max(3, all.map { $0[column].count }.max() ?? 0) }
  print("\n### " + title + "\n")
  for (index, row) in all.enumerated() {
    let cells = row.enumerated().map { column, cell in
      column == 0
        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        : String(repeating: " ", count: widths[column] - cell.count) + cell
    }
    print("| " + cells.joined(separator: " | ") + " |")
    if index == 0 {
      let rule = widths.enumerated().map { column, width in
        column == 0 ? String(repeating: "-", count: width) : String(repeating: "-", count: width - 1) + ":"
      }
      print("| " + rule.joined(separator: " | ") + " |")
    }
  }
}

/// Formats a number with `digits` decimals.
public func format(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
