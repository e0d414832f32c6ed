import AppCore
import BenchmarkSupport
import Dispatch
import Foundation

/// Script mode on the virtual clock: the cost of a command, at 20,000 and 200,000 commands without a
/// wait, and their ratio (1 when the run is linear).
struct ScriptBenchmarks {
  func run() {
    var rows: [[String]] = []
    var perCommand: [Double] = []
    for count in [20_000, 200_000] {
      let script = Array(String(repeating: "add apple\nremove apple\n", count: count / 2).utf8)
      let platform = ScriptPlatform(
        readStandardInput: { script },
        readFile: { path, _ throws(ScriptFileError) in
          throw ScriptFileError(name: path, reason: "the benchmark reads only standard input")
        }, output: { _ in }, error: { _ in }, uptime: { .now() }, date: Date.init)
      let start = nanosecondsNow()
      _ = ScriptMode.run(path: "-", virtualClock: true, options: AppOptions(), platform: platform)
      let total = Double(nanosecondsNow() - start)
      perCommand.append(total / Double(count))
      rows.append([
        "\(count) commands, no wait", format(total / 1e6), format(total / Double(count) / 1000, 2),
      ])
    }
    rows.append(["per command, 200,000 against 20,000", "", format(perCommand[1] / perCommand[0], 2) + "x"])
    printTable(
      "Script mode on the virtual clock (linear: 200,000 commands cost each what 20,000 do)",
      ["run", "ms", "us per command"], rows)
  }
}
