import Testing

@testable import AppCore

/// A lane shows only what its operator produced since it was chosen (issue 25, item 3).
@Suite struct LaneSwitchTests {
  /// The row of the lane named `name` in the timeline pane.
  static func laneRow(_ app: TestStore, named name: String) -> String? {
    TimelineLegibilityTests.paneRows(app).first { $0.hasPrefix(" \(name) ") }
  }

  @Test func aNewOperatorsLaneStartsEmpty() {
    let app = TestStore(exhaustive: false, width: 100, height: 40)
    app.press(.character("l"))
    app.press(.character("a"))
    app.advance(milliseconds: 100)
    app.press(.character("a"))
    app.advance(milliseconds: 1500)
    let first = app.state.lanes!.stages[0].laneName
    #expect(Self.laneRow(app, named: first)?.contains("●") == true, "the first lane shows its values")
    app.press(.character("l"))
    app.advance(milliseconds: 100)
    let second = app.state.lanes!.stages[0].laneName
    let row = Self.laneRow(app, named: second)
    #expect(row != nil, "the second lane has its row")
    #expect(row?.contains("●") == false, "nothing produced since it was chosen: \(row ?? "")")
  }
}

/// The lab live in the app: one lane per stage under `sent`, fed by the real operators on the app's
/// clock.
@Suite struct LiveLabTests {
  @Test func aThreeStagePipelineDrawsALanePerStageWithItsValues() throws {
    let app = TestStore(exhaustive: false, width: 120, height: 40)
    app.press(.character(":"))
    app.type("removeDuplicates | debounce 500ms | scan sum")
    #expect(app.screen.contains(" lane: removeDuplicates | debounce 500ms | scan sum▏"), "the prompt")
    app.press(.enter)
    #expect(app.state.lanePrompt == nil)
    app.press(.character("a"))
    app.advance(milliseconds: 200)
    app.press(.character("a"))
    app.advance(milliseconds: 800)
    app.press(.character("x"))
    app.advance(milliseconds: 100)
    app.press(.character("a"))
    app.advance(milliseconds: 1000)
    let rows = TimelineLegibilityTests.paneRows(app)
    #expect(rows[0].contains("lanes: removeDuplicates | debounce 500ms | scan sum"), "\(rows[0])")
    // The last 1 and 2 are 100 ms apart, closer than two labels fit: the 1 is counted (`+1`).
    let expected = [("dedupe", ["1", "2", "+1", "2"]), ("deb.5s", ["2", "2"]), ("sum", ["2", "4"])]
    for (name, values) in expected {
      let index = try #require(rows.firstIndex { $0.hasPrefix(" \(name) ") }, "a lane named \(name): \(rows)")
      #expect(rows[index].contains("●"), "\(name) has marks")
      #expect(rows[index + 1].split(separator: " ").map(String.init) == values, "\(name)'s values: \(rows)")
    }
    let lanes = ["sent", "badge", "basket", "dedupe", "deb.5s", "sum"].map { name in
      rows.firstIndex { $0.hasPrefix(" \(name) ") } ?? -1
    }
    #expect(lanes == lanes.sorted() && !lanes.contains(-1), "the stages' lanes come after the others")
  }

  @Test func aLaneWhoseStreamFinishedEndsInABarWithNothingAfterIt() throws {
    let app = TestStore(exhaustive: false, width: 100, height: 40)
    app.perform(.lane(try LabPipeline.parse("removeDuplicates | prefix 1")))
    app.press(.character("a"))
    app.advance(milliseconds: 300)
    app.press(.character("a"))
    app.advance(milliseconds: 300)
    let rows = TimelineLegibilityTests.paneRows(app)
    let lane = try #require(rows.first { $0.hasPrefix(" pref 1 ") }, "\(rows)")
    let drawn = lane.dropFirst(TimelineView.laneStart)
    let end = try #require(drawn.firstIndex(of: "|"), "the end of the stream: \(lane)")
    #expect(drawn[..<end].filter { $0 == "●" }.count == 1, "its one value before the end: \(lane)")
    #expect(drawn[drawn.index(after: end)...].allSatisfy { $0 == " " }, "nothing after the end: \(lane)")
    let dedupe = try #require(rows.first { $0.hasPrefix(" dedupe ") })
    #expect(!dedupe.contains("|") && dedupe.hasSuffix("·"), "a lane still open runs on: \(dedupe)")
  }

  @Test func aValueOfAnEarlierPipelineStillOnItsWayIsNotShown() throws {
    let app = TestStore()
    let first = try LabPipeline.parse("removeDuplicates")
    app.send(.command(.lane(first)), effects: [.showLanes(first, generation: 1)]) {
      $0.lanes = first
      $0.laneGeneration = 1
      $0.say("a lane: the values sent, through removeDuplicates", kind: .info)
    }
    app.send(.command(.lane(nil)), effects: [.showLanes(nil, generation: 2)]) {
      $0.lanes = nil
      $0.laneGeneration = 2
      $0.say("the lanes are gone (l or : brings them back)", kind: .info)
    }
    app.send(.laneEmitted(LaneEmission(generation: 1, stage: 0, output: .value(.number(1)))))
    #expect(app.state.timeline.events.isEmpty)
    app.finish()
  }
}

/// The `:` prompt: Enter draws the pipeline, a wrong stage changes nothing, Esc cancels, ↑ ↓ recall.
@Suite struct LanePromptTests {
  @Test func aWrongStageIsNamedWithWhatIsAllowedAndNothingChanges() throws {
    let app = TestStore(exhaustive: false, width: 120, height: 40)
    app.press(.character("l"))
    let before = app.state.lanes
    app.press(.character(":"))
    app.type("removeDuplicates | fast")
    app.press(.enter)
    #expect(app.state.lanes == before, "the lanes as they were")
    #expect(app.state.status.kind == .error)
    #expect(
      app.state.status.text == "lane: stage 2 \"fast\" is not a stage (use \(LabStage.formList))")
    #expect(app.state.lanePrompt?.text == "removeDuplicates | fast", "the text stays to be fixed")
    app.press(.escape)
    #expect(app.state.lanePrompt == nil)
    #expect(app.state.lanes == before)
    app.press(.character("a"))
    #expect(app.state.basketQuantity == 1, "keys act again once the prompt is closed")
  }

  @Test func keysTypeIntoThePromptAndUpAndDownRecallEarlierPipelines() throws {
    let app = TestStore(exhaustive: false, width: 120, height: 40)
    for pipeline in ["prefix 2", "filter odd | map *3", "none"] {
      app.press(.character(":"))
      app.type(pipeline)
      app.press(.enter)
    }
    #expect(app.state.lanes == nil, "none takes the lanes away")
    #expect(app.state.basketQuantity == 0, "a, b and the rest were typed, not run")
    app.press(.character(":"), .up)
    #expect(app.state.lanePrompt?.text == "none")
    app.press(.up, .up, .up)
    #expect(app.state.lanePrompt?.text == "prefix 2", "the oldest, and no further")
    app.press(.down)
    #expect(app.state.lanePrompt?.text == "filter odd | map *3")
    app.press(.backspace, .backspace)
    app.type("*5")
    app.press(.enter)
    #expect(app.state.lanes == (try LabPipeline.parse("filter odd | map *5")))
    app.press(.character(":"), .enter)
    #expect(app.state.lanePrompt == nil, "Enter on nothing closes the prompt")
    #expect(app.state.lanes == (try LabPipeline.parse("filter odd | map *5")), "and changes nothing")
  }
}
