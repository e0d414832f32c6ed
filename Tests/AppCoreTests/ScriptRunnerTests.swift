import Dispatch
import Foundation
import Reactive
import Shop
import Testing

@testable import AppCore

/// Scripts played on the virtual clock: whole outputs, exact to the millisecond.
@Suite struct ScriptRunnerTests {
  @Test(arguments: ["debounce-burst", "reorder-bug", "reorder-controlled", "lab-pipeline"])
  func exampleMatchesItsGoldenOutput(_ name: String) {
    let recorder = ConsoleRecorder()
    let status = ScriptMode.run(
      path: examplePath("\(name).shop"), virtualClock: true, options: AppOptions(),
      platform: recorder.platform)
    #expect(status == 0)
    #expect(recorder.errors == [])
    expectSnapshot(recorder.output.map { $0 + "\n" }.joined(), named: "script-\(name)")
  }

  @Test func aBurstReachesTheBadgeOnceOneIntervalAfterItsLastChange() {
    let run = runScript("add apple\nwait 100ms\nadd apple 2\nwait 999ms\nadd banana\n")
    #expect(run.status == 0)
    #expect(run.output == ["0.000 sent 1", "0.100 sent 3", "1.099 sent 4", "2.099 badge 4"])
  }

  @Test func domainRefusalsAreNotesAndTheScriptGoesOn() {
    let run = runScript("remove apple\nreorder\ncheckout\nwait 1s\nadd apple\nremove apple 2\nwait 1s\n")
    #expect(run.status == 0)
    #expect(
      run.output == [
        "0.000 note cannot remove Apple: it is not in the basket",
        "0.000 note cannot reorder: there is no previous order",
        "0.000 note cannot check out: the basket is empty",
        "1.000 sent 1",
        "1.000 note cannot remove 2 × Apple: the basket holds only 1",
        "2.000 badge 1",
      ])
  }

  @Test func debounceChangesApplyFromTheNextValue() {
    let run = runScript("debounce 0\nadd apple\nwait 1s\ndebounce 250ms\nadd apple\nwait 1s\n")
    #expect(run.output == ["0.000 sent 1", "0.000 badge 1", "1.000 sent 2", "1.250 badge 2"])
  }

  @Test func withNoDebounceANoteMeansTheBadgeSettledOutOfStep() {
    // Two quick adds: the first value reaches the badge while the second is still on its way, which is
    // not a badge out of step with the basket.
    let controlled = runScript("debounce 0\nadd apple\nadd apple\nwait 1s\n")
    #expect(
      controlled.output == ["0.000 sent 1", "0.000 sent 2", "0.000 badge 1", "0.000 badge 2"])
    // The simple store's reorder bug is still noted, once the badge has settled on the wrong value.
    let simple = runScript(
      "debounce 0\nmode simple\nadd apple\ncheckout\nadd bread\nreorder\nwait 1s\n")
    #expect(simple.output.last == "0.000 note badge 1 but basket holds 2 (-1)")
    #expect(simple.output.filter { $0.contains("note") }.count == 1)
  }

  @Test func theFinalBadgeIsPrintedAfterTheLastLine() {
    let run = runScript("add apple", options: AppOptions(debounce: DebounceInterval(milliseconds: 300)))
    #expect(run.output == ["0.000 sent 1", "0.300 badge 1"])
  }

  @Test func theStoreOptionSetsTheStartingMode() {
    let script = "add apple 2\nwait 1s\ncheckout\nwait 1s\nadd bread\nreorder\n"
    let simple = runScript(script, options: AppOptions(store: .simple))
    #expect(
      simple.output == [
        "0.000 sent 2", "1.000 badge 2", "1.000 sent 0", "2.000 badge 0", "2.000 sent 1", "2.000 sent 2",
        "3.000 badge 2", "3.000 note badge 2 but basket holds 3 (-1)",
      ])
    let controlled = runScript(script)
    #expect(controlled.output.last == "3.000 badge 3")
  }

  @Test func switchingModesCarriesTheBasketCountOver() {
    let run = runScript("add apple 2\nwait 1s\nmode simple\nadd apple\nwait 1s\nmode controlled\nadd apple\n")
    #expect(
      run.output == [
        "0.000 sent 2", "1.000 badge 2", "1.000 sent 3", "2.000 badge 3", "2.000 sent 4", "3.000 badge 4",
      ])
  }

  @Test func anEmptyScriptPrintsNothing() {
    let run = runScript("# nothing to do\n\n")
    #expect(run.status == 0)
    #expect(run.output == [])
    #expect(run.errors == [])
  }
}

/// `--marbles`: a script run as a marble diagram, exact on the virtual clock.
@Suite struct MarbleDiagramTests {
  @Test(arguments: ["debounce-burst", "reorder-bug", "lab-pipeline"])
  func exampleMatchesItsGoldenDiagram(_ name: String) {
    let recorder = ConsoleRecorder()
    let status = ScriptMode.run(
      path: examplePath("\(name).shop"), virtualClock: true, marbles: true, options: AppOptions(),
      platform: recorder.platform)
    #expect(status == 0)
    expectSnapshot(recorder.output.map { $0 + "\n" }.joined(), named: "marbles-\(name)")
  }

  @Test func everyValueHasItsLabelAndTheRunItsEnd() {
    let recorder = ConsoleRecorder(
      stdin: "add apple 9\n" + (0..<6).map { _ in "wait 150ms\nadd apple\n" }.joined())
    #expect(
      ScriptMode.run(
        path: "-", virtualClock: true, marbles: true, options: AppOptions(), platform: recorder.platform) == 0
    )
    let sentLabels = recorder.output[3]
    for value in 9...15 { #expect(sentLabels.contains("\(value)"), "label \(value)") }
    #expect(recorder.output[2].hasPrefix("sent "))
    #expect(recorder.output[2].hasSuffix("|"), "the end of the run")
  }
}

/// `--play`: a script played in the terminal app, line by line at its times.
@Suite struct ScriptPlaybackTests {
  @Test func eachLineRunsAtItsTimeShownAsItsKeysWithItsItemSelected() throws {
    let scheduler = DispatchQueue.test
    let shell = RecordingShell()
    let state = AppState(
      catalog: .builtIn, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: 24)
    let runtime = AppRuntime(
      state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil, shell: shell)
    let directory = try makeScratchDirectory()
    let path = try writeFile(
      "add banana 2\nwait 1s\nbag\nwait 500ms\nadd apple\n", named: "talk.shop", in: directory)
    let script = try PlayModeScript.load(
      path: path, catalog: .builtIn, readFile: ConsoleRecorder().platform.readFile
    ).get()
    let playback = PlayMode(script, runtime: runtime)
    playback.start()
    #expect(runtime.state.shop.basket.quantity(ofItemWithID: "banana") == 2)
    #expect(runtime.state.selectedItem?.id == "banana", "the item the line names is selected")
    #expect(runtime.state.status.text == "▶ line 1, keys 2a: add banana 2 · added 2 × Banana")
    scheduler.advance(by: .milliseconds(999))
    #expect(runtime.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 0)
    scheduler.advance(by: .milliseconds(1))
    #expect(runtime.state.shop.basket.quantity(ofItemWithID: ShoppingItem.paperBagID) == 1)
    scheduler.advance(by: .milliseconds(500))
    #expect(runtime.state.selectedItem?.id == "apple")
    #expect(runtime.state.status.text == "▶ the script is over: the shop is yours (? shows every key)")
    withExtendedLifetime(playback) {}
  }

  @Test func eachPlayedLineIsLoggedOnceAndALineThatSaysNothingRepeatsNoOlderMessage() throws {
    let scheduler = DispatchQueue.test
    let state = AppState(
      catalog: .builtIn, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: 24)
    let runtime = AppRuntime(
      state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil,
      shell: RecordingShell())
    let directory = try makeScratchDirectory()
    // `debounce 1s` is the interval already set: the command changes nothing and says nothing.
    let path = try writeFile("add banana\nwait 1s\ndebounce 1s\n", named: "talk.shop", in: directory)
    let playback = PlayMode(
      try PlayModeScript.load(path: path, catalog: .builtIn, readFile: ConsoleRecorder().platform.readFile)
        .get(), runtime: runtime)
    playback.start()
    scheduler.advance(by: .seconds(1))
    let texts = runtime.state.messages.entries.map(\.text)
    #expect(texts.filter { $0.contains("added Banana") } == ["▶ line 1, keys a: add banana · added Banana"])
    #expect(texts.filter { $0.hasPrefix("▶ line 3") } == ["▶ line 3, keys + -: debounce 1.0s"], "\(texts)")
    withExtendedLifetime(playback) {}
  }

  @Test func aBadScriptIsRefusedLineByLineBeforeAnythingPlays() throws {
    let directory = try makeScratchDirectory()
    let path = try writeFile("add pear\nwait soon\n", named: "bad.shop", in: directory)
    guard
      case .failure(let error) = PlayModeScript.load(
        path: path, catalog: .builtIn, readFile: ConsoleRecorder().platform.readFile)
    else {
      Issue.record("a bad script loaded")
      return
    }
    #expect(
      error.messages == [
        "error: line 1: no item \"pear\" in the catalog",
        "error: line 2: wait: \"soon\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)",
      ])
    guard
      case .failure(let stdin) = PlayModeScript.load(
        path: "-", catalog: .builtIn, readFile: ConsoleRecorder().platform.readFile)
    else { return }
    #expect(stdin.messages == ["error: --play needs a file: standard input is the terminal"])
  }
}
