import Foundation
import Shop
import Testing

@testable import AppCore

/// `ScriptMode.run`: files, catalog, state, exit statuses, and the real clock.
@Suite struct ScriptModeTests {
  @Test func aScriptThatCannotBeReadIsOneLineNamingTheFile() {
    let recorder = ConsoleRecorder()
    let failure = ScriptFileError(name: "/nonexistent/burst.shop", reason: "No such file or directory")
    let status = ScriptMode.run(
      path: "/nonexistent/burst.shop", virtualClock: true, options: AppOptions(),
      platform: recorder.platform(readFailure: failure))
    #expect(status == 2)
    #expect(
      recorder.errors == ["error: cannot read script /nonexistent/burst.shop: No such file or directory"])
    #expect(recorder.output == [])
  }

  @Test func aBadScriptRunsNothingAndTouchesNoStateFile() throws {
    let directory = try makeScratchDirectory()
    let statePath = directory.appendingPathComponent("state.json").path
    var options = AppOptions()
    options.state = .file(statePath)
    let run = runScript("add apple\nwait 1s\nadd pear\n", options: options)
    #expect(run.status == 2)
    #expect(run.errors == ["error: line 3: no item \"pear\" in the catalog"])
    #expect(run.output == [])
    #expect(!FileManager.default.fileExists(atPath: statePath))
  }

  @Test func aBadCatalogIsOneLineAndStatusTwo() throws {
    let directory = try makeScratchDirectory()
    let path = try writeFile("{\"currency\": \"EUR\"}", named: "catalog.json", in: directory)
    let run = runScript("bag\n", options: AppOptions(catalogPath: path))
    #expect(run.status == 2)
    #expect(run.errors == ["error: \(path): field \"items\": is missing"])
    #expect(run.output == [])
  }

  @Test func itemsAreCheckedAgainstTheCatalogFile() throws {
    let directory = try makeScratchDirectory()
    let path = try writeFile(
      "{\"currency\": \"EUR\", \"items\": [{\"id\": \"pear\", \"name\": \"Pear\", \"price\": 80}]}",
      named: "catalog.json", in: directory)
    #expect(
      runScript("add pear\n", options: AppOptions(catalogPath: path)).output == [
        "0.000 sent 1", "1.000 badge 1",
      ])
    #expect(runScript("add apple\n", options: AppOptions(catalogPath: path)).status == 2)
  }

  @Test func theStateFileCarriesTheLastOrderToTheNextRun() throws {
    let directory = try makeScratchDirectory()
    var options = AppOptions()
    options.state = .file(directory.appendingPathComponent("state.json").path)
    #expect(runScript("add apple 2\ncheckout\nadd milk\n", options: options).status == 0)
    let second = runScript("reorder\n", options: options)
    #expect(second.status == 0)
    #expect(second.output == ["0.000 sent 3", "1.000 badge 3"])
  }

  @Test func withoutStateAScriptStartsEmpty() {
    #expect(runScript("reorder\n").output == ["0.000 note cannot reorder: there is no previous order"])
  }

  @Test func aStateFileInUseIsRefused() throws {
    let directory = try makeScratchDirectory()
    let path = directory.appendingPathComponent("state.json").path
    let holder = try StateStore(path: path)
    var options = AppOptions()
    options.state = .file(path)
    let run = runScript("bag\n", options: options)
    #expect(run.status == 2)
    #expect(run.errors == ["error: \(StateFileError.inUse(path: path, lockPath: path + ".lock"))"])
    #expect(run.output == [])
    _ = holder
  }

  @Test func anUnreadableStateFileIsMovedAsideWithAWarning() throws {
    let directory = try makeScratchDirectory()
    let path = try writeFile("not json", named: "state.json", in: directory)
    var options = AppOptions()
    options.state = .file(path)
    let run = runScript("add apple\n", options: options)
    #expect(run.status == 0)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("warning: state file \(path) ") == true)
    #expect(run.output == ["0.000 sent 1", "1.000 badge 1"])
  }

  @Test func twoVirtualClockRunsOfOneScriptWriteTheSameStateFile() throws {
    let script = "add apple 2\nwait 1s\ncheckout\nwait 2s\nadd milk\ncheckout\nadd bread\n"
    var files: [Data] = []
    for _ in 0..<2 {
      let directory = try makeScratchDirectory()
      let path = directory.appendingPathComponent("state.json").path
      var options = AppOptions()
      options.state = .file(path)
      #expect(runScript(script, options: options).status == 0)
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(files[0] == files[1], "the orders are dated by the virtual clock, not the wall clock")
    let text = String(decoding: files[0], as: UTF8.self)
    #expect(text.contains("\"placedAt\":1767225601"), "the second checkout is one second in")
  }

  /// The one test that takes real time (about 0.7 s): the same script on the real clock gives the same
  /// events, each within 50 ms of its virtual time.
  @Test(.tags(.realClock), .timeLimit(.minutes(1))) func theRealClockFollowsTheVirtualOne() {
    let script = "debounce 200ms\nadd apple\nwait 100ms\nadd banana 2\nwait 350ms\nadd bread\nwait 50ms\n"
    let virtual = runScript(script)
    let real = runScript(script, virtualClock: false)
    #expect(real.status == 0)
    #expect(
      virtual.output == ["0.000 sent 1", "0.100 sent 3", "0.300 badge 3", "0.450 sent 4", "0.650 badge 4"])
    let parse = { (line: String) -> (Int, String) in
      let parts = line.split(separator: " ", maxSplits: 1)
      return (Int((Double(parts[0])! * 1000).rounded()), String(parts[1]))
    }
    #expect(real.output.map { parse($0).1 } == virtual.output.map { parse($0).1 })
    for (real, virtual) in zip(real.output.map(parse), virtual.output.map(parse)) {
      // Wide enough for ThreadSanitizer on a loaded two-core machine; the README gives the figures
      // measured without it (a few milliseconds).
      #expect(abs(real.0 - virtual.0) <= 250, "\(real) vs \(virtual)")
    }
  }
}
