import Shop
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
    let app = TestStore()
    let apple = Catalog.builtIn.items[0]
    let one = ShopState(basket: .holding((apple, 1)))
    #expect(!app.state.timelineIsMoving, "an idle app animates nothing")
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    #expect(app.state.timelineIsMoving)
    app.advance(milliseconds: 1000)
    app.receiveBadge(1)
    #expect(app.state.timelineIsMoving, "the marbles still scroll")
    app.advance(milliseconds: 10_000)
    app.send(.tick, effects: [.stopTicking]) {
      $0.now = 11_000
      $0.isTicking = false
    }
    #expect(!app.state.timelineIsMoving)
    app.finish()
  }

  @Test func theCountdownShowsWhatIsPendingAndHowLongIsLeft() {
    let app = TestStore()
    let apple = Catalog.builtIn.items[0]
    let one = ShopState(basket: .holding((apple, 1)))
    let two = ShopState(basket: .holding((apple, 2)))
    app.press(
      .character("a"), effects: .change(.add([apple]), at: 0, count: 1, saving: one, startsTicking: true)
    ) {
      $0.expectChange(to: one, saying: "added Apple", count: 1)
      $0.isTicking = true
    }
    app.receiveSent(1)
    app.press(.character("a"), effects: .change(.add([apple]), at: 0, count: 2, saving: two)) {
      $0.expectChange(to: two, saying: "added Apple", count: 2)
    }
    app.receiveSent(2)
    app.advance(milliseconds: 300)
    app.send(.tick) {
      $0.now = 300
    }
    let lines = app.screen.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix(" pending 2: badge in 0.7 s") })
    let sentLane = lines.first { $0.hasPrefix(" sent ") }.map(Array.init) ?? []
    let column = TimelineView.column(of: 0, now: 300, laneWidth: 80 - TimelineView.laneStart - 1) ?? -1
    #expect(sentLane.count > TimelineView.laneStart + column)
    #expect(
      sentLane.indices.contains(TimelineView.laneStart + column)
        && sentLane[TimelineView.laneStart + column] == "2")
    app.finish()
  }
}

/// Labels on one lane row: each covers its own column, none overlaps another, and those with no room
/// are counted (`+N`) instead of shifted.
@Suite struct LaneLabelTests {
  @Test func labelsCoverTheirColumnsAndTheRestAreCounted() {
    let labels = (0..<10_000).map { LaneLabels.Label(column: $0 / 200, text: "\($0)") }
    let placed = LaneLabels.place(labels, width: 70)
    #expect(placed.last?.text == "9999", "the newest is kept")
    let ends = placed.map { $0.column + DisplayWidth.of($0.text) }
    #expect(zip(ends, placed.dropFirst()).allSatisfy { $0 < $1.column }, "a space between neighbours")
    #expect((ends.last ?? 0) <= 70 && (placed.first?.column ?? 0) >= 0)
    let shown = placed.filter { !$0.text.hasPrefix("+") }
    let counted = placed.filter { $0.text.hasPrefix("+") }.map { Int($0.text.dropFirst())! }.reduce(0, +)
    #expect(shown.count + counted == labels.count, "every label shown or counted")
    for label in shown {
      let column = Int(label.text)! / 200
      #expect(
        (label.column..<(label.column + label.text.count)).contains(column), "\(label.text) on its column")
    }
  }

  @Test func aLabelStartsAtItsColumnWhenThereIsRoom() {
    let placed = LaneLabels.place([.init(column: 3, text: "1"), .init(column: 20, text: "2")], width: 30)
    #expect(placed == [.init(column: 3, text: "1"), .init(column: 20, text: "2")])
  }

  @Test func labelsTooCloseForTheirTextGiveWayToTheNewestAndAreCounted() {
    let placed = LaneLabels.place(
      [.init(column: 10, text: "10"), .init(column: 11, text: "11"), .init(column: 12, text: "12")], width: 30
    )
    #expect(placed == [.init(column: 9, text: "+2"), .init(column: 12, text: "12")])
  }

  @Test func theNewestAtTheRightEdgeEndsOnItsColumn() {
    #expect(LaneLabels.place([.init(column: 29, text: "28")], width: 30) == [.init(column: 28, text: "28")])
    #expect(
      LaneLabels.place([LaneLabels.Label(column: 3, text: "toolong")], width: 4) == [
        .init(column: 2, text: "+1")
      ])
  }
}
