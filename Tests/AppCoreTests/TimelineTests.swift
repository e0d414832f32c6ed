import Testing

@testable import AppCore

/// The timeline places each event by its age: now at the right edge, ten seconds ago at the left.
@Suite struct TimelineTests {
  @Test func eventsMoveLeftWithAgeAndFallOffAfterTenSeconds() {
    #expect(TimelineView.column(of: 5000, now: 5000, laneWidth: 100) == 99)
    #expect(TimelineView.column(of: 0, now: 5000, laneWidth: 100) == 49)
    #expect(TimelineView.column(of: 0, now: 9_999, laneWidth: 100) == 0)
    #expect(TimelineView.column(of: 0, now: 10_001, laneWidth: 100) == nil)
  }

  @Test func theTimelineKeepsWhatTheWidestWindowShows() {
    var timeline = Timeline()
    timeline.record(.sent(1), at: 0)
    timeline.record(.sent(2), at: 4000)
    timeline.record(.badge(2), at: 62_000)
    #expect(timeline.events.map(\.event) == [.sent(2), .badge(2)])
  }

  @Test func itMovesWhileSomethingIsPendingOrOnScreenAndThenStops() {
    let app = TestStore(exhaustive: false)
    #expect(!TimelineView.isMoving(app.state), "an idle app animates nothing")
    app.press(.character("a"))
    #expect(TimelineView.isMoving(app.state))
    app.advance(milliseconds: 1000)
    #expect(TimelineView.isMoving(app.state), "the marbles still scroll")
    app.advance(milliseconds: 10_000)
    #expect(!TimelineView.isMoving(app.state))
  }

  @Test func theCountdownShowsWhatIsPendingAndHowLongIsLeft() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"))
    app.advance(milliseconds: 300)
    let lines = app.screen.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix(" pending 2: badge in 0.7 s") })
    let sentLane = lines.first { $0.hasPrefix(" sent ") }.map(Array.init) ?? []
    let column = TimelineView.column(of: 0, now: 300, laneWidth: 80 - TimelineView.laneStart - 1) ?? -1
    #expect(sentLane.count > TimelineView.laneStart + column)
    #expect(
      sentLane.indices.contains(TimelineView.laneStart + column)
        && sentLane[TimelineView.laneStart + column] == "2")
  }
}

/// Labels on one lane row: none overlaps another, and the oldest give way when there are too many.
@Suite struct LaneLabelTests {
  @Test func theOldestGiveWayAndTheRestKeepTheirOrderWithoutOverlapping() {
    let labels = (0..<10_000).map { LaneLabels.Label(column: $0 / 200, text: "\($0)") }
    let placed = LaneLabels.place(labels, width: 70)
    #expect(placed.last?.text == "9999", "the newest is kept")
    #expect(placed.map(\.text) == labels.suffix(placed.count).map(\.text), "the oldest are the ones left out")
    let ends = placed.map { $0.column + DisplayWidth.of($0.text) }
    #expect(zip(ends, placed.dropFirst()).allSatisfy { $0 < $1.column }, "a space between neighbours")
    #expect((ends.last ?? 0) <= 70 && (placed.first?.column ?? 0) >= 0)
    #expect(LaneLabels.place([LaneLabels.Label(column: 3, text: "toolong")], width: 4).isEmpty)
  }
}
