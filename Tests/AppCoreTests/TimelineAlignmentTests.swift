import Foundation
import Shop
import Testing

@testable import AppCore

/// The timeline as issue 25 found it misleading: labels come loose from their marks, debounce brackets
/// run together, and action letters cover the axis. Each label must sit under its own mark (or the
/// mark's stack), labels with no room are counted as `+N`, every bracket keeps its closing mark and
/// its label, and the action letters have their own row. The steps that build a timeline are asserted
/// exhaustively: each add's write and the values the pipeline hands back, at the times it hands them.
@Suite struct TimelineAlignmentTests {
  /// The lane's columns of a pane row, from the lane's start.
  static func laneCells(_ row: String) -> [Character] { Array(row.dropFirst(TimelineView.laneStart)) }

  /// The runs of non-blank characters of a label row: where each starts and what it says.
  static func tokens(_ cells: [Character]) -> [(column: Int, text: String)] {
    var tokens: [(Int, String)] = []
    var index = 0
    while index < cells.count {
      guard cells[index] != " " else {
        index += 1
        continue
      }
      let start = index
      while index < cells.count, cells[index] != " " { index += 1 }
      tokens.append((start, String(cells[start..<index])))
    }
    return tokens
  }

  /// An add of the `count`th apple (the basket held `count - 1`) and the store's value: the write
  /// `.add([apple])`, the timeline's basket mark, the save.
  static func addApple(_ count: Int, to app: TestStore) {
    let apple = Catalog.builtIn.items[0]
    let after = ShopState(basket: .holding((apple, count)))
    app.press(
      .character("a"),
      effects: .change(.add([apple]), at: app.now, count: count, saving: after, startsTicking: count == 1)
    ) {
      $0.expectChange(to: after, saying: "added Apple", count: count)
      $0.isTicking = true
    }
    app.receiveSent(count)
  }

  /// Three single adds 1.5 s apart, then a burst of 25, the issue's own steps, on a `width` x `height`
  /// window.
  static func singlesAndABurst(width: Int, height: Int, presenting: Bool = false) -> TestStore {
    let app = TestStore(width: width, height: height)
    if presenting {
      app.press(.character("p"), effects: []) {
        $0.isPresenting = true
        $0.say("presenter layout: p goes back", kind: .info)
      }
    }
    for count in 1...3 {
      addApple(count, to: app)
      // The badge gets each one a debounce (1 s) after it.
      app.advance(milliseconds: 1000)
      app.receiveBadge(count)
      app.advance(milliseconds: 500)
    }
    for count in 4...28 {
      addApple(count, to: app)
      app.advance(milliseconds: 40)
    }
    // The last add was 40 ms ago: the badge gets 28 960 ms from now.
    app.advance(milliseconds: 960)
    app.receiveBadge(28)
    app.advance(milliseconds: 240)
    app.tick()
    return app
  }

  /// Checks that every label on `labelRow` covers a mark of `laneRow`, that the values shown plus the
  /// `+N` counts account for every event on the lane, and that the newest is shown.
  static func expectLabelsUnderMarks(
    labelRow: String, laneRow: String, values: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lane = laneCells(laneRow)
    let labels = tokens(laneCells(labelRow))
    var shown: [Int] = []
    var counted = 0
    for label in labels {
      if label.text.hasPrefix("+") {
        counted += Int(label.text.dropFirst()) ?? -1_000
        continue
      }
      guard let value = Int(label.text) else {
        Issue.record("'\(label.text)' is not a label: \(labelRow)", sourceLocation: sourceLocation)
        continue
      }
      shown.append(value)
      let under = label.column..<min(lane.count, label.column + label.text.count)
      #expect(
        under.contains { lane[$0] != "·" },
        "\(value) at column \(label.column) has no mark above or below it",
        sourceLocation: sourceLocation)
    }
    #expect(
      shown == shown.sorted(), "labels in the order of their values: \(labelRow)",
      sourceLocation: sourceLocation)
    #expect(shown.last == values.last, "the newest is shown: \(labelRow)", sourceLocation: sourceLocation)
    #expect(
      shown.count + counted == values.count, "every value shown or counted: \(labelRow)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [(80, 24), (100, 30)])
  func everyLabelSitsUnderItsOwnMarkAndTheRestAreCounted(size: (Int, Int)) {
    let app = Self.singlesAndABurst(width: size.0, height: size.1)
    let rows = TimelineLegibilityTests.paneRows(app)
    Self.expectLabelsUnderMarks(labelRow: rows[1], laneRow: rows[2], values: Array(1...28))
    let labels = Self.tokens(Self.laneCells(rows[1])).map(\.text)
    #expect(Array(labels.prefix(3)) == ["1", "2", "3"], "the single adds keep their labels: \(rows[1])")
    #expect(labels.contains { $0.hasPrefix("+") }, "the burst says how many labels have no room: \(rows[1])")
    // The single adds' labels start on their own marks' columns.
    let laneWidth = size.0 - TimelineView.laneStart - 1
    for (index, label) in Self.tokens(Self.laneCells(rows[1])).prefix(3).enumerated() {
      let column = TimelineView.column(of: index * 1500, now: app.state.now, laneWidth: laneWidth)
      #expect(label.column == column, "\(label.text) under its mark")
    }
  }

  @Test func labelsNeverLeaveTheirMarksOnAnyLane() {
    let app = Self.singlesAndABurst(width: 80, height: 24)
    let rows = TimelineLegibilityTests.paneRows(app)
    Self.expectLabelsUnderMarks(labelRow: rows[5], laneRow: rows[4], values: [1, 2, 3, 28])
    Self.expectLabelsUnderMarks(labelRow: rows[7], laneRow: rows[6], values: Array(1...28))
  }

  /// Checks a windows row: every bracket has its closing mark and one label, before, after or inside
  /// it, and never touching another bracket; returns how many windows the row stands for.
  static func windowCount(_ row: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    let text = String(laneCells(row))
    let labelPattern = /(\d+× )?\d\.\d(–\d\.\d)? s/
    var count = 0
    var labels = 0
    for match in text.matches(of: labelPattern) {
      labels += 1
      count += match.output.1.map { Int($0.dropLast(2))! } ?? 1
    }
    let tokens = text.replacing(labelPattern, with: "L").split(separator: " ").map(String.init)
    var brackets = 0
    var open = false
    for token in tokens {
      if token == "L" { continue }
      let closes = token.hasSuffix("┘") || token.hasSuffix("▸")
      let opens = token.hasPrefix("└") || (token.hasPrefix("─") && !open)
      #expect(
        token.allSatisfy { "└─┘▸".contains($0) }, "'\(token)' runs into something: \(row)",
        sourceLocation: sourceLocation)
      if opens && closes {
        brackets += 1
      } else if opens {
        open = true
      } else if closes, open {
        open = false
        brackets += 1
      } else {
        Issue.record("'\(token)' is half a bracket: \(row)", sourceLocation: sourceLocation)
      }
    }
    #expect(!open, "a bracket without its closing mark: \(row)", sourceLocation: sourceLocation)
    #expect(labels == brackets, "one label per bracket: \(row)", sourceLocation: sourceLocation)
    return count
  }

  @Test(arguments: [(80, 24), (100, 30), (120, 35)])
  func consecutiveDebounceWindowsKeepTheirClosingMarksAndLabels(size: (Int, Int)) {
    let app = TestStore(width: size.0, height: size.1)
    for count in 1...3 {
      Self.addApple(count, to: app)
      app.advance(milliseconds: 1000)
      app.receiveBadge(count)
      app.advance(milliseconds: 500)
    }
    app.tick()
    let row = TimelineLegibilityTests.paneRows(app)[3]
    #expect(Self.windowCount(row) == 3, "three windows: \(row)")
  }

  @Test func aPendingWindowAfterSettledOnesIsItsOwnBracket() {
    let app = TestStore()
    Self.addApple(1, to: app)
    app.advance(milliseconds: 1000)
    app.receiveBadge(1)
    app.advance(milliseconds: 200)
    Self.addApple(2, to: app)
    app.advance(milliseconds: 500)
    app.tick()
    let row = TimelineLegibilityTests.paneRows(app)[3]
    #expect(Self.windowCount(row) == 2, "the settled one and the pending one: \(row)")
    #expect(row.contains("▸"), "the pending one runs to now: \(row)")
  }

  @Test func actionLettersHaveTheirOwnRowAndLeaveTheAxisWhole() {
    let marked = TestStore(exhaustive: false)
    let plain = TestStore(exhaustive: false)
    for app in [marked, plain] { app.advance(milliseconds: 4000) }
    for key in ["a", "m", "+", "c"] {
      marked.press(.character(Character(key)))
      marked.advance(milliseconds: 300)
    }
    marked.press(.character("y"))
    plain.advance(milliseconds: 1200)
    for app in [marked, plain] { app.advance(milliseconds: 2000) }
    let markedRows = TimelineLegibilityTests.paneRows(marked)
    let plainRows = TimelineLegibilityTests.paneRows(plain)
    let axis = markedRows.count - 2
    #expect(markedRows[axis] == plainRows[axis], "the axis is the same with markers as without")
    #expect(markedRows[axis].contains("┊-2s") && markedRows[axis].hasSuffix("now"), "\(markedRows[axis])")
    let letters = Self.laneCells(markedRows[axis - 1]).filter { $0 != " " }
    #expect(
      Set(letters).isSuperset(of: ["M", "D", "C"]), "the letters on the row above: \(markedRows[axis - 1])")
  }

  @Test(arguments: [(80, 24), (100, 30)])
  func goldenTimeline(size: (Int, Int)) {
    let app = Self.singlesAndABurst(width: size.0, height: size.1)
    expectSnapshot(
      TimelineLegibilityTests.paneRows(app).joined(separator: "\n"), named: "timeline-\(size.0)x\(size.1)")
  }
}

/// The presenter layout on a projector-sized window: the timeline takes the rows under the large
/// badge (taller lanes, taller marks), in high contrast.
@Suite struct PresenterTimelineTests {
  @Test func at120x35TheTimelineGrowsWithTheScreenInHighContrast() {
    let app = TimelineAlignmentTests.singlesAndABurst(width: 120, height: 35, presenting: true)
    let grid = Screen.render(app.state)
    let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let blank = rows.dropFirst().dropLast(2).filter { $0.allSatisfy { $0 == " " } }.count
    #expect(blank <= 6, "\(blank) blank rows:\n\(app.screen)")
    let sentRows = rows.indices.filter { rows[$0].hasPrefix(" sent ") }
    #expect(sentRows.count == 1)
    let bars = rows.filter { $0.dropFirst(TimelineView.laneStart).contains("█") }.count
    #expect(bars >= 9, "marks as bars through the taller lanes:\n\(app.screen)")
    let sentRow = sentRows[0]
    let sentStyle = grid[1, sentRow].style
    #expect(sentStyle.foreground != .info, "no dark blue on a projector")
    let axisRow = rows.lastIndex { $0.contains("┊") }!
    let tick = Array(rows[axisRow]).firstIndex(of: "┊")!
    #expect(grid[tick, axisRow].style.foreground != .muted, "no grey axis on a projector")
    expectSnapshot(app.screen, named: "app-presenter-120x35")
    expectSnapshot(grid.styledDump, named: "app-presenter-120x35-styled")
  }

  @Test func theLargeBadgeShowsANegativeBadgeAsItIs() {
    let app = TestStore(exhaustive: false, width: 80, height: 24)
    app.press(.character("a"), .character("c"), .character("y"), .character("m"))
    app.press(.character("a"), .character("a"), .character("r"))
    app.press(.character("x"), .character("x"), .character("x"), .character("p"))
    app.advance(milliseconds: 1500)
    #expect(app.state.badge.value == -2, "the simple store's drift: \(app.state.badge.value)")
    // The middle row of a large −2: the minus, then the 2's middle bar.
    #expect(app.screen.contains("███ ███"), "a minus before the digits:\n\(app.screen)")
  }
}
