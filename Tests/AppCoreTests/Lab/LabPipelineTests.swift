import Foundation
import Testing

@testable import AppCore

/// Reading a pipeline: every stage of the table, written back as it reads, and a clear line for
/// every mistake, naming the stage and what is allowed.
@Suite struct LabPipelineTests {
  func problem(_ text: String) -> String? {
    do {
      _ = try LabPipeline.parse(text)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyStageReadsAndIsWrittenBackInItsShortestForm() throws {
    let pipeline = try LabPipeline.parse(
      "removeDuplicates|debounce 0.5s | throttle 1000ms latest| delay 1.5s |dropFirst 2| prefix 3")
    #expect(
      pipeline.stages == [
        .removeDuplicates, .debounce(milliseconds: 500), .throttle(milliseconds: 1000, latest: true),
        .delay(milliseconds: 1500), .dropFirst(2), .prefix(3),
      ])
    #expect(
      pipeline.description
        == "removeDuplicates | debounce 500ms | throttle 1s latest | delay 1.5s | dropFirst 2 | prefix 3")
    let numeric = try LabPipeline.parse(
      "filter even | filter odd | filter >-2 | filter <10 | map -3 | map *2")
    #expect(numeric.description == "filter even | filter odd | filter >-2 | filter <10 | map -3 | map *2")
    #expect(
      try LabPipeline.parse("scan sum | scan max | collect 3").description
        == "scan sum | scan max | collect 3")
    #expect(
      try LabPipeline.parse("throttle 2s first").stages == [.throttle(milliseconds: 2000, latest: false)])
    for form in LabStage.forms {
      #expect(problem(form.name + " x y z")?.hasPrefix(form.name + " ") == true, "\(form.name) names itself")
    }
  }

  @Test func aWrongStageIsNamedWithWhatIsAllowed() {
    #expect(
      problem("removeDuplicates | fast") == "stage 2 \"fast\" is not a stage (use \(LabStage.formList))")
    #expect(problem("debounce") == "debounce needs a duration (debounce D, D as 250ms, 1s or 1.5s)")
    #expect(
      problem("debounce 1x")
        == "debounce \"1x\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)")
    #expect(problem("delay 11s") == "delay \"11s\" is longer than the maximum of 10s")
    #expect(
      problem("throttle 1s") == "throttle needs a duration and latest or first (throttle D latest|first)")
    #expect(problem("throttle 1s last") == "throttle \"last\" is not latest or first")
    #expect(problem("prefix -1") == "prefix count \"-1\" must be a whole number from 0 to 999")
    #expect(problem("collect 0") == "collect count \"0\" must be a whole number from 1 to 999")
    #expect(problem("filter big") == "filter \"big\" is not a test (filter even|odd|>N|<N)")
    #expect(problem("map /2") == "map \"/2\" is not a sum (map +N|-N|*N)")
    #expect(
      problem("map +99999999") == "map \"+99999999\": N must be a whole number up to 1000000 (map +N|-N|*N)")
    #expect(problem("scan avg") == "scan \"avg\" is not sum or max")
    #expect(problem("removeDuplicates 2") == "removeDuplicates takes no arguments, got \"2\"")
    #expect(problem("collect 2 | map +1") == "stage 2 map takes numbers, but collect 2 before it makes lists")
    #expect(problem("prefix 2 |") == "stage 2 is empty: stages go between | (use \(LabStage.formList))")
    #expect(problem("  ") == "a pipeline needs a stage (use \(LabStage.formList))")
    #expect(
      problem(Array(repeating: "prefix 1", count: 7).joined(separator: "|"))
        == "a pipeline has at most 6 stages, this one has 7")
    #expect(problem("fast\u{1B}[31m") == "\"fast\\u{1B}[31m\" is not a stage (use \(LabStage.formList))")
  }

  @Test func lCyclesThePresetsAndThenNone() {
    var seen: [LabPipeline?] = []
    var current: LabPipeline?
    for _ in 0...LabPipeline.presets.count {
      current = LabPipeline.preset(after: current)
      seen.append(current)
    }
    #expect(seen == LabPipeline.presets + [nil])
    #expect(LabPipeline.preset(after: try! LabPipeline.parse("prefix 9")) == LabPipeline.presets.first)
  }

  @Test func mapAndScanSaturateRatherThanTrap() {
    #expect(LabArithmetic.multiply(1_000_000).apply(to: Int.max / 2) == Int.max)
    #expect(LabArithmetic.multiply(1_000_000).apply(to: Int.min / 2) == Int.min)
    #expect(LabArithmetic.add(-5).apply(to: Int.min + 1) == Int.min)
    #expect(LabRunning.sum.next(Int.max - 1, 5) == Int.max)
    #expect(LabRunning.max.next(nil, -3) == -3)
  }
}

/// The README's table of stages is the stage table's: every form, with what it does.
@Suite struct LabStageDocumentationTests {
  @Test func theReadmeListsEveryStage() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    for form in LabStage.forms {
      let usage = form.usage.replacingOccurrences(of: "|", with: "\\|")
      #expect(readme.contains("| `\(usage)` |"), "the README's stage table lists \(form.usage)")
    }
    #expect(HelpText.text.contains("map +N|-N|*N"), "so does --help")
  }
}
