import Foundation
import Shop

@testable import AppCore

/// Records what script mode writes, for tests; `stdin` is what `--script -` reads.
final class ConsoleRecorder: @unchecked Sendable {
  // @unchecked: every field is read and written under `lock`.
  private let lock = NSLock()
  private var outputLines: [String] = []
  private var errorLines: [String] = []
  private let stdin: [UInt8]

  /// A recorder whose standard input holds `stdin`.
  init(stdin: String = "") {
    self.stdin = Array(stdin.utf8)
  }

  /// The lines written to standard output.
  var output: [String] { lock.withLock { outputLines } }
  /// The lines written to standard error.
  var errors: [String] { lock.withLock { errorLines } }

  /// A platform that reads scripts through Foundation (or fails as `readFailure` says), takes
  /// standard input from this recorder, writes into it, and keeps the real clock: the executable's
  /// own platform, the files it opens and the FIFOs it waits on, is tested in ShopTerminalTests.
  func platform(readFailure: ScriptFileError? = nil) -> ScriptPlatform {
    ScriptPlatform(
      readStandardInput: { self.stdin },
      readFile: { path, _ throws(ScriptFileError) in
        if let readFailure { throw readFailure }
        guard let data = FileManager.default.contents(atPath: path) else {
          throw ScriptFileError(name: path, reason: "the test platform could not read it")
        }
        return Array(data)
      },
      output: { line in self.lock.withLock { self.outputLines.append(line) } },
      error: { line in self.lock.withLock { self.errorLines.append(line) } }, uptime: { .now() },
      date: Date.init)
  }

  /// ``platform(readFailure:)`` that reads every file.
  var platform: ScriptPlatform { platform() }
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The path of `examples/<name>`.
func examplePath(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name).path
}

/// A fresh empty directory under the system's temporary directory.
func makeScratchDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("shop-script-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Writes `text` to `name` in `directory` and returns its path.
func writeFile(_ text: String, named name: String, in directory: URL) throws -> String {
  let url = directory.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

/// Runs `script` (text, through standard input) with `options`; returns the status and what was written.
func runScript(
  _ script: String, virtualClock: Bool = true, options: AppOptions = AppOptions()
) -> (status: Int32, output: [String], errors: [String]) {
  let recorder = ConsoleRecorder(stdin: script)
  let status = ScriptMode.run(
    path: "-", virtualClock: virtualClock, options: options, platform: recorder.platform)
  return (status, recorder.output, recorder.errors)
}
