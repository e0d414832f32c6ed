import Dispatch
import Foundation

/// Nanoseconds of monotonic time.
func nanosecondsNow() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The median of `rounds` timings of `body`, in nanoseconds per call.
func medianNanoseconds(rounds: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = nanosecondsNow()
    for _ in 0..<iterations { body() }
    samples.append(Double(nanosecondsNow() - start) / Double(iterations))
  }
  return samples.sorted()[samples.count / 2]
}

/// Prints a table with a header row, the first column left-aligned and the others right-aligned.
func printTable(_ title: String, _ header: [String], _ rows: [[String]]) {
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

/// Formats a number with `digits` decimals.
func format(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
