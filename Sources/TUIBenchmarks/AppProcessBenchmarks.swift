import BenchmarkSupport
import Dispatch
import Foundation

/// The release binary on a pseudo-terminal: time from start to the first frame, peak memory, and
/// the bytes written to the terminal when the badge changes.
struct AppProcessBenchmarks {
  let binary: String

  func run() {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print("\nshop: no binary at \(binary); build it with `swift build -c release --product shop`")
      return
    }
    var startTimes: [Double] = []
    var peakKilobytes = 0
    for _ in 0..<9 {
      guard let run = try? TerminalRun(binary: binary, arguments: ["--no-state"], width: 80, height: 24)
      else {
        print("\nshop: cannot start \(binary) on a pseudo-terminal")
        return
      }
      let start = nanosecondsNow()
      guard run.waitForOutput(containing: "Basket: 0", seconds: 5) else {
        print("\nshop: \(binary) drew no first frame")
        return
      }
      startTimes.append(Double(nanosecondsNow() - start) / 1_000_000)
      for key in "jjjaab" { run.send(String(key)) }
      _ = run.waitForQuiet(milliseconds: 200)
      peakKilobytes = max(peakKilobytes, run.peakMemoryKilobytes())
      run.stop()
    }
    let median = startTimes.sorted()[startTimes.count / 2]
    let bytes = badgeChangeBytes()
    printTable(
      "shop: the release binary on a pseudo-terminal",
      ["measure", "value", "target"],
      [
        [
          "start to first frame, median of 9", format(median) + " ms",
          "<= 20 ms " + (median <= 20 ? "ok" : "MISSED"),
        ],
        ["start to first frame, worst", format(startTimes.max() ?? 0) + " ms", ""],
        [
          "peak memory, built-in catalog", "\(peakKilobytes / 1024) MB",
          "<= 20 MB " + (peakKilobytes <= 20 * 1024 ? "ok" : "MISSED"),
        ],
        [
          "bytes written for one badge change", bytes.map { "\($0)" } ?? "n/a",
          "<= 64 " + ((bytes ?? 65) <= 64 ? "ok" : "MISSED"),
        ],
      ])
  }

  /// The bytes the app writes when a pending change reaches the badge (no timeline at 80x18).
  private func badgeChangeBytes() -> Int? {
    guard
      let run = try? TerminalRun(
        binary: binary, arguments: ["--no-state", "--debounce", "500ms"], width: 80, height: 18),
      run.waitForOutput(containing: "Basket: 0", seconds: 5)
    else { return nil }
    defer { run.stop() }
    run.send("a")
    guard run.waitForOutput(containing: "→", seconds: 2) else { return nil }
    _ = run.waitForQuiet(milliseconds: 150)
    run.clearOutput()
    guard run.waitForOutput(containing: "1", seconds: 2) else { return nil }
    _ = run.waitForQuiet(milliseconds: 150)
    return run.output.count
  }
}

/// A child process whose standard input and output are a pseudo-terminal of a given size.
final class TerminalRun {
  private let master: Int32
  private let process = Process()
  private(set) var output: [UInt8] = []

  init(binary: String, arguments: [String], width: Int, height: Int) throws {
    var master: Int32 = 0
    var slave: Int32 = 0
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw CocoaError(.fileNoSuchFile) }
    self.master = master
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Reads what the child wrote until `text` appears in it or `seconds` pass.
  func waitForOutput(containing text: String, seconds: Double) -> Bool {
    let deadline = nanosecondsNow() + UInt64(seconds * 1e9)
    let needle = Array(text.utf8)
    while nanosecondsNow() < deadline {
      if contains(needle) { return true }
      readAvailable(timeoutMilliseconds: 10)
    }
    return contains(needle)
  }

  /// Reads until nothing arrives for `milliseconds`.
  func waitForQuiet(milliseconds: Int32) -> Int {
    let before = output.count
    while readAvailable(timeoutMilliseconds: milliseconds) {}
    return output.count - before
  }

  func clearOutput() { output.removeAll() }

  func send(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
  }

  /// VmHWM of the child, in kilobytes.
  func peakMemoryKilobytes() -> Int {
    guard
      let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  func stop() {
    send("q")
    let deadline = nanosecondsNow() + 2_000_000_000
    while process.isRunning, nanosecondsNow() < deadline { readAvailable(timeoutMilliseconds: 10) }
    if process.isRunning { process.terminate() }
    close(master)
  }

  private func contains(_ needle: [UInt8]) -> Bool {
    guard needle.count <= output.count else { return false }
    return (0...(output.count - needle.count)).contains { start in
      output[start..<(start + needle.count)].elementsEqual(needle)
    }
  }

  @discardableResult
  private func readAvailable(timeoutMilliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return false }
    output.append(contentsOf: buffer[0..<count])
    return true
  }
}
