import Foundation
import Shop
import Testing

@testable import AppCore

/// The timeline as a projector audience reads it: every value sent has its own label, marks never
/// overwrite each other, the basket lane shows what the badge should say, the debounce window is drawn,
/// and the pane stays (with less detail) down to the smallest window.
@Suite struct TimelineLegibilityTests {
  /// The rows of the timeline pane.
  static func paneRows(_ app: TestStore) -> [String] {
    let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let pane = app.state.layout.timeline
    return Array(rows[pane.origin.y..<(pane.origin.y + pane.height)])
  }

  @Test func aBurstOfTwoDigitValuesLabelsEachValueUnderItsMarkOrCountsIt() {
    let app = TestStore(exhaustive: false, debounce: DebounceInterval(milliseconds: 1000))
    app.perform(.add(id: "apple", quantity: 9))
    for _ in 10...15 {
      app.advance(milliseconds: 150)
      app.press(.character("a"))
    }
    app.advance(milliseconds: 1000)
    let rows = Self.paneRows(app)
    TimelineAlignmentTests.expectLabelsUnderMarks(labelRow: rows[1], laneRow: rows[2], values: Array(9...15))
    #expect(rows[1].contains(" 15"), "the newest: \(rows[1])")
    #expect(!rows[1].contains("1011"), "labels never run into each other")
    #expect(rows[5].contains("15"), "the badge's value under its lane")
    #expect(rows[7].contains("15"), "the basket's value under its lane")
    #expect(rows[3].contains("1.0 s"), "the debounce window, labelled")
  }

  @Test func anActionsLetterIsAboveTheAxisAndTheAxisLabelsAreWhole() {
    let app = TestStore(exhaustive: false)
    app.press(.character("m"))
    // Every 100 ms over three seconds, so that the letter passes across each label of the axis.
    for _ in 0..<30 {
      app.advance(milliseconds: 100)
      let rows = app.screen.split(separator: "\n").map(String.init)
      guard let axisRow = rows.firstIndex(where: { $0.contains("┊") }) else {
        Issue.record("no axis row in \(app.screen)")
        return
      }
      let axis = rows[axisRow]
      let characters = Array(axis)
      #expect(
        !characters.contains("M"), "the store switch's letter is not on the axis at \(app.state.now) ms")
      #expect(rows[axisRow - 1].contains("M"), "but on the row above it, at \(app.state.now) ms")
      let now = String(characters.suffix(3))
      #expect(
        now == "now" || !now.contains("no"), "'now' whole or not at all, at \(app.state.now) ms: \(axis)")
      for index in characters.indices where characters[index] == "-" {
        let rest = characters[(index + 1)...].prefix { $0 != " " && $0 != "┊" }
        #expect(
          rest.last == "s" && rest.dropLast().allSatisfy(\.isNumber) && rest.count > 1,
          "a whole label, not '-\(String(rest))', at \(app.state.now) ms: \(axis)")
      }
    }
  }
}

/// The timeline's own keys and the presenter layout.
@Suite struct PresenterAndZoomTests {
  @Test func whatAKeyOpensInThePresenterLayoutIsShownThere() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("p"), .character("c"))
    #expect(app.screen.contains("check out these items?"), "the question a y or Enter answers is on screen")
    app.press(.escape, .character("?"))
    #expect(app.screen.contains("In the item list"), "the help")
  }

  @Test func bracketsZoomThroughTheWindowsAndSayWhenTheyReachAnEnd() {
    let app = TestStore(exhaustive: false)
    app.press(.character("]"))
    #expect(app.state.timelineSpan == 30_000)
    #expect(app.screen.contains("timeline · last 30 s"))
    app.press(.character("]"), .character("]"))
    #expect(app.state.timelineSpan == 60_000)
    #expect(app.state.status.text == "the timeline shows the last 60 s (the widest)")
    for _ in 0..<5 { app.press(.character("[")) }
    #expect(app.state.timelineSpan == 5_000)
    #expect(app.state.status.text == "the timeline shows the last 5 s (the closest)")
  }

  @Test func thePresenterLayoutShowsALargeBadgeAndTheTimeline() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.character("1"), .character("2"), .character("a"), .character("p"))
    app.advance(milliseconds: 1000)
    let screen = app.screen
    #expect(!screen.contains("Items ("), "no item list")
    #expect(screen.contains("Basket: 12"), "the header's badge stays")
    #expect(screen.contains(" █ ") && screen.contains("███"), "large digits")
    #expect(screen.contains("the basket holds 12"))
    #expect(screen.contains("timeline · last 10 s"))
    expectSnapshot(screen, named: "app-presenter-80x24")
    app.press(.character("p"))
    #expect(app.screen.contains("Items ("))
  }
}

/// The debounce windows drawn on the timeline.
@Suite struct DebounceWindowTests {
  @Test func aWindowThatEndedBeforeTheLeftEdgeIsNotDrawnAndOneThatBeganBeforeItIsCut() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"))
    app.advance(milliseconds: 1000)
    app.advance(milliseconds: 10_500)
    app.press(.character("a"))
    app.advance(milliseconds: 600)
    let windows = TimelineLegibilityTests.paneRows(app)[3]
    let leftEdge = windows.dropFirst(TimelineView.laneStart).prefix(20)
    #expect(leftEdge.allSatisfy { $0 == " " }, "the first window is long gone: \(windows)")
    #expect(windows.contains("└") && windows.contains("▸"), "the pending one runs to now")
  }
}

/// The comparison lane: the same values, through the real operators.
@Suite struct ComparisonLaneTests {
  /// Values at 0, 100, 200 and 1100 ms with a 1 s interval, through each lane, on the virtual clock.
  func run(_ comparison: Comparison) -> [String] {
    let recorder = ConsoleRecorder(
      stdin:
        "compare \(comparison.rawValue)\nadd apple\nwait 100ms\nadd apple\nwait 100ms\nadd apple\nwait 900ms\nadd apple\nwait 2s\n"
    )
    _ = ScriptMode.run(
      path: "-", virtualClock: true, marbles: true, options: AppOptions(), platform: recorder.platform)
    return recorder.output
  }

  @Test func lCyclesTheLanesAndTheTimelineShowsTheOperator() {
    let app = TestStore(exhaustive: false)
    var seen: [String] = []
    for _ in 0...LabPipeline.presets.count {
      app.press(.character("l"))
      seen.append(app.state.lanes?.description ?? "none")
    }
    #expect(
      seen == [
        "removeDuplicates", "throttle 1s latest", "throttle 1s first",
        "removeDuplicates | debounce 500ms | scan sum", "none",
      ])
    app.press(.character("l"), .character("l"))
    #expect(app.screen.contains("lanes: throttle 1s latest"))
    app.press(.character("a"))
    app.advance(milliseconds: 100)
    #expect(app.screen.contains(" thr1sL"), "the lane has its row")
  }

  @Test func throttleAndDebounceDifferOnTheSameValues() {
    // debounce: only 4, 1 s after the last; throttle(latest: true): 1 at once, then 3, then 4;
    // throttle(latest: false): 1 at once, then 2, then 4.
    let latest = run(.throttleLatest)
    let first = run(.throttleFirst)
    #expect(latest.count > 8 && first.count > 8)
    let laneLabels = { (lines: [String]) in lines[lines.firstIndex { $0.hasPrefix("throttle") }! + 1] }
    #expect(laneLabels(latest).split(separator: " ").map(String.init) == ["1", "3", "4"])
    #expect(laneLabels(first).split(separator: " ").map(String.init) == ["1", "2", "4"])
    let badge = latest[latest.firstIndex { $0.hasPrefix("badge") }! + 1]
    #expect(badge.split(separator: " ").map(String.init) == ["4"])
  }

  @Test func aBadLaneIsRefusedWithTheChoices() {
    #expect(
      runScript("compare fast\n").errors == [
        "error: line 1: compare: \"fast\" is not a lane (use none, raw, dedupe, throttle-latest, throttle-first, or one stage as lane takes it, such as removeDuplicates)"
      ])
  }
}

/// A lane more on the timeline takes rows from the list: the list's scroll follows.
@Suite struct LayoutFollowsTheTimelineTests {
  @Test func addingTheComparisonLaneKeepsTheListScrolledWithinItsItems() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.end, .character("l"))
    let rows = app.state.layout.list.height
    #expect(
      app.state.list.scroll <= app.state.visibleCount - rows, "scroll \(app.state.list.scroll), rows \(rows)")
    #expect(app.screen.contains("Dark chocolate 70%"), "the selected last item still in view")
  }
}
