import BenchmarkSupport
import Foundation

/// Runs the binary's own render benchmark and prints its rows as a table.
struct RenderTimes {
  let binary: String

  func print() {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.environment = ["SHOP_RENDER_BENCHMARK": "1"]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
      Swift.print("\nShopTUI: cannot run \(binary): \(error)")
      return
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let rows = output.split(separator: "\n").compactMap { line -> [String]? in
      let fields = line.split(separator: "\t")
      guard fields.count == 3, let frame = Double(fields[1]), let floor = Double(fields[2]) else {
        return nil
      }
      return [String(fields[0]), format(frame / 1000), format(floor / 1000), format(frame / floor)]
    }
    printTable(
      "ShopTUI: render a full frame into a grid (floor: fill a blank grid of the same size)",
      ["frame", "us", "floor us", "x floor"], rows)
  }
}
