import Dispatch
import Foundation
import Reactive
import Shop
import Synchronization
import Testing

@testable import AppCore

/// The runtime and the item list's background work: the work runs on the runner, its answer comes
/// back through the app's scheduler as an event, and the next key cancels a search in flight.
@Suite struct ListWorkRuntimeTests {
  /// Keeps the work it is given until the test runs it.
  final class ManualRunner: ListWorkRunner, @unchecked Sendable {
    private(set) var waiting: [@Sendable () -> Void] = []

    func run(_ work: @escaping @Sendable () -> Void) { waiting.append(work) }

    /// Runs the oldest waiting work.
    func runNext() { waiting.removeFirst()() }
  }

  struct Harness {
    let scheduler = DispatchQueue.test
    let shell = RecordingShell()
    let runner = ManualRunner()
    let runtime: AppRuntime

    init() {
      runtime = AppRuntime(
        state: ListTestSupport.backgroundState(), scheduler: scheduler.eraseToAnyScheduler(),
        clock: Date.init,
        saver: nil, shell: shell, listWork: runner)
      runtime.start()
      scheduler.advance()
    }

    func type(_ text: String) {
      for character in text { runtime.send(.input(.key(.character(character)))) }
      scheduler.advance()
    }

    var titleRow: String { shell.frames.last.map { $0.rowText(1) } ?? "" }
  }

  @Test func aSearchRunsOnTheRunnerAndItsAnswerArrivesThroughTheScheduler() {
    let app = Harness()
    app.type("/")
    #expect(app.runner.waiting.count == 1, "opening the filter folds the names in the background")
    app.type("b")
    #expect(app.runner.waiting.count == 2)
    #expect(app.titleRow.hasPrefix(" Items matching \"b\" (searching…)"), "the screen says it is searching")
    app.runner.runNext()
    app.runner.runNext()
    #expect(app.runtime.state.list.pendingSearch == "b", "the answer waits for the app's scheduler")
    app.scheduler.advance()
    let matches = ListTestSupport.foundationMatches("b", in: .builtIn)
    #expect(app.runtime.state.list.pendingSearch == nil)
    #expect(app.runtime.state.list.matches == matches)
    #expect(app.titleRow.hasPrefix(" Items matching \"b\" (\(matches.count))"))
  }

  @Test func theNextKeyCancelsTheSearchInFlightAndItsAnswerNeverArrives() {
    let app = Harness()
    app.type("/b")
    app.type("u")
    #expect(app.runner.waiting.count == 3, "fold, search b, search bu")
    let updates = app.runtime.updateCount
    app.runner.runNext()
    app.runner.runNext()
    app.scheduler.advance()
    #expect(app.runtime.updateCount == updates, "the search for b was cancelled: no answer was sent")
    app.runner.runNext()
    app.scheduler.advance()
    #expect(app.runtime.updateCount == updates + 1)
    #expect(app.runtime.state.list.matches == ListTestSupport.foundationMatches("bu", in: .builtIn))
  }

  @Test func escapeCancelsTheSearchInFlight() {
    let app = Harness()
    app.type("/b")
    app.runtime.send(.input(.key(.escape)))
    let updates = app.runtime.updateCount
    while !app.runner.waiting.isEmpty { app.runner.runNext() }
    app.scheduler.advance()
    #expect(app.runtime.updateCount == updates)
    #expect(app.runtime.state.list.filter.isEmpty && app.runtime.state.list.pendingSearch == nil)
    #expect(app.runtime.state.visibleCount == 16)
  }

  @Test func anOrderBuiltInTheBackgroundIsShownWhenItArrives() {
    let app = Harness()
    app.type("s")
    #expect(app.titleRow.hasPrefix(" Items (16) · sorting by name…"))
    app.runner.runNext()
    app.scheduler.advance()
    #expect(app.titleRow.hasPrefix(" Items (16) · by name"))
    #expect(
      ListTestSupport.shownIndices(app.runtime.state) == ListTestSupport.referenceOrder(.name, of: .builtIn))
  }
}
