import Foundation
import Testing

@testable import AppCore

/// The lab in script mode: `lane P` sets the pipeline, each stage's values print as
/// `T lane STAGE N`, exact on the virtual clock; `--marbles` draws a row per stage.
@Suite struct LabScriptTests {
  static let threeStages = """
    lane removeDuplicates | debounce 500ms | scan sum
    add apple
    wait 200ms
    add apple
    wait 800ms
    remove apple
    wait 100ms
    add apple
    wait 1s

    """

  @Test func aThreeStagePipelinePrintsEachStagesValuesAtTheirVirtualTimes() {
    let run = runScript(Self.threeStages)
    #expect(run.status == 0)
    #expect(run.errors == [])
    #expect(
      run.output == [
        "0.000 sent 1",
        "0.000 lane removeDuplicates 1",
        "0.200 sent 2",
        "0.200 lane removeDuplicates 2",
        "0.700 lane debounce 500ms 2",
        "0.700 lane scan sum 2",
        "1.000 sent 1",
        "1.000 lane removeDuplicates 1",
        "1.100 sent 2",
        "1.100 lane removeDuplicates 2",
        "1.600 lane debounce 500ms 2",
        "1.600 lane scan sum 4",
        "2.100 badge 2",
      ])
  }

  @Test func aStageThatFinishesSaysSoAndSoDoTheStagesAfterIt() {
    let run = runScript("lane prefix 2 | map *10\nadd apple\nwait 100ms\nadd apple\nwait 100ms\nadd apple\n")
    #expect(
      run.output == [
        "0.000 sent 1", "0.000 lane prefix 2 1", "0.000 lane map *10 10",
        "0.100 sent 2", "0.100 lane prefix 2 2", "0.100 lane prefix 2 finished",
        "0.100 lane map *10 20", "0.100 lane map *10 finished",
        "0.200 sent 3", "1.200 badge 3",
      ])
  }

  @Test func collectAndLaneNoneAndCompareAsAOneStageLane() {
    let run = runScript(
      "compare collect 2\nadd apple\nadd apple\nadd apple\nadd apple\nwait 100ms\nlane none\nadd apple\n")
    #expect(
      run.output.filter { $0.contains(" lane ") } == [
        "0.000 lane collect 2 [1,2]", "0.000 lane collect 2 [3,4]",
      ])
    let old = runScript("compare throttle-first\nadd apple\nwait 100ms\nadd apple\nwait 1s\nadd apple\n")
    #expect(
      old.output.filter { $0.contains(" lane ") } == [
        "0.000 lane throttle 1s first 1", "1.000 lane throttle 1s first 2", "2.000 lane throttle 1s first 3",
      ])
  }

  @Test func aBadPipelineIsRefusedBeforeAnythingRuns() {
    let run = runScript(
      "add apple\nlane removeDuplicates | debounce soon\nlane\ncompare prefix 1 | prefix 2\n")
    #expect(run.status == 2)
    #expect(run.output == [])
    #expect(
      run.errors == [
        "error: line 2: lane: stage 2 debounce \"soon\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)",
        "error: line 3: lane needs a pipeline (lane STAGE | STAGE ..., or lane none)",
        "error: line 4: compare takes one stage; lane takes a pipeline of several",
      ])
  }

  @Test func theMarbleDiagramHasARowPerStageNamedByIt() {
    let recorder = ConsoleRecorder(stdin: Self.threeStages)
    #expect(
      ScriptMode.run(
        path: "-", virtualClock: true, marbles: true, options: AppOptions(), platform: recorder.platform)
        == 0)
    let lines = recorder.output
    let names = lines.map { String($0.prefix { $0 != "●" && $0 != "-" && $0 != "|" }) }
    for stage in ["removeDuplicates", "debounce 500ms", "scan sum"] {
      let index = names.firstIndex { $0.hasPrefix(stage + " ") }
      #expect(index != nil, "a row for \(stage): \(lines)")
      guard let index else { continue }
      #expect(lines[index].hasSuffix("|"), "the end of the run")
      let values = lines[index + 1].split(separator: " ").map(String.init)
      let expected = [
        "removeDuplicates": ["1", "2", "1", "2"], "debounce 500ms": ["2", "2"], "scan sum": ["2", "4"],
      ]
      #expect(values == expected[stage], "\(stage)'s values")
    }
    // The lanes start in one column, after the longest name.
    let starts = lines.filter { $0.hasPrefix("sent") || $0.hasPrefix("scan sum") }.map {
      Array($0).firstIndex { $0 == "●" || $0 == "-" }
    }
    #expect(starts.count == 2 && Set(starts).count == 1, "\(lines)")
  }
}
