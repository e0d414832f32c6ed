import Dispatch
import Foundation
import Reactive
import Shop
import Testing

@testable import AppCore

/// The loop around `update`, against a shell that draws into memory: one redraw per turn, the clock
/// ticks only while the timeline moves, saves, and the way out with the final save.
@Suite struct AppRuntimeTests {
  /// A state file that only records what it was asked.
  final class RecordingSaver: StateSaving {
    var saved: [ShopState] = []
    var durable: [ShopState] = []
    var flushes = 0
    var failure: StateFileError?
    var saveFailure: StateFileError?

    func save(_ state: ShopState, onResult: StateStore.SaveCompletion?) {
      saved.append(state)
      onResult?(saveFailure.map { .failure($0) } ?? .success(()))
    }
    func saveNow(_ state: ShopState) throws(StateFileError) {
      if let saveFailure { throw saveFailure }
      durable.append(state)
    }
    func flush() throws(StateFileError) {
      flushes += 1
      if let failure { throw failure }
    }
    var closedAfterFlushes: Int?
    func close() { closedAfterFlushes = flushes }
  }

  /// A runtime on a virtual clock with its shell and saver.
  struct Harness {
    let scheduler = DispatchQueue.test
    let shell = RecordingShell()
    let saver = RecordingSaver()
    let runtime: AppRuntime

    init(width: Int = 80, height: Int = 24) {
      let state = AppState(
        catalog: .builtIn, shop: ShopState(), mode: .controlled, debounce: .standard, width: width,
        height: height)
      runtime = AppRuntime(
        state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: saver, shell: shell
      )
      runtime.start()
      scheduler.advance()
    }

    func press(_ key: Character) {
      runtime.send(.input(.key(.character(key))))
    }
  }

  @Test func oneKeypressGoesThroughUpdateOnceAndRedrawsOnce() {
    let app = Harness()
    #expect(app.shell.frames.count == 1, "the first frame")
    let updates = app.runtime.updateCount
    app.press("a")
    #expect(app.runtime.updateCount == updates + 1, "the key, once")
    app.scheduler.advance()
    #expect(
      app.runtime.updateCount == updates + 3,
      "then the value the store published and the save's outcome, each an event of its own")
    #expect(app.runtime.state.lastSent?.value == 1)
    #expect(app.shell.frames.count == 2, "one redraw for both")
    #expect(app.shell.frames.last == Screen.render(app.runtime.state))
  }

  @Test func manyEventsInOneTurnRedrawOnce() {
    let app = Harness()
    for key in "ajajaj" { app.press(key) }
    app.runtime.send(.input(.resize(width: 100, height: 30)))
    app.scheduler.advance()
    #expect(app.shell.frames.count == 2)
    #expect(app.shell.frames.last?.width == 100)
  }

  @Test func theClockTicksOnlyWhileTheTimelineMoves() {
    let app = Harness()
    #expect(app.scheduler.scheduledCount == 0, "an idle app schedules nothing")
    app.press("a")
    app.scheduler.advance()
    #expect(app.runtime.state.isTicking)
    let frames = app.shell.frames.count
    app.scheduler.advance(by: .milliseconds(500))
    #expect(app.shell.frames.count == frames + 5, "a frame per 100 ms tick while something moves")
    app.scheduler.advance(by: .seconds(11))
    #expect(!app.runtime.state.isTicking)
    #expect(app.scheduler.scheduledCount == 0, "the ticks stopped once nothing moved")
    let still = app.shell.frames.count
    app.scheduler.advance(by: .seconds(5))
    #expect(app.shell.frames.count == still)
  }

  @Test func noTicksWhenTheScreenIsTooSmallForTheTimeline() {
    let app = Harness(width: 30, height: 8)
    app.runtime.send(.command(.add(id: "apple", quantity: 1)))
    app.scheduler.advance()
    #expect(!app.runtime.state.isTicking)
  }

  @Test func everyChangeOfTheShopIsSaved() {
    let app = Harness()
    app.press("a")
    app.press("b")
    app.press("?")
    #expect(app.saver.saved.map(\.basket.lines.count) == [1, 2])
  }

  @Test func quitFlushesTheStateAndEndsTheAppWithNothingDrawnAfter() {
    let app = Harness()
    app.press("a")
    app.press("q")
    #expect(app.saver.flushes == 1)
    #expect(app.shell.exits.count == 1)
    #expect(app.shell.exits.first?.status == 0)
    #expect(app.shell.exits.first?.message == nil)
    let frames = app.shell.frames.count
    app.press("a")
    app.scheduler.advance(by: .seconds(2))
    #expect(app.shell.frames.count == frames)
    #expect(app.runtime.state.basketQuantity == 1, "nothing is handled after the way out")
  }

  @Test func aFinalSaveThatFailsEndsWithStatusOneAndTheMessage() {
    let app = Harness()
    app.saver.failure = .writeFailed(path: "/gone/state.json", reason: "No such file or directory")
    app.press("q")
    #expect(app.shell.exits.first?.status == 1)
    #expect(
      app.shell.exits.first?.message == "cannot write state file /gone/state.json: No such file or directory")
    #expect(app.runtime.finalSave() != nil, "a signal's way out reports it too")
  }

  @Test func aFailedSaveStaysOnScreenUntilASaveSucceedsAndTheNextChangeTriesAgain() {
    let app = Harness()
    let gone = StateFileError.writeFailed(path: "/gone/state.json", reason: "No such file or directory")
    app.saver.saveFailure = gone
    app.press("a")
    app.scheduler.advance()
    let footer = { Screen.render(app.runtime.state).rowText(23) }
    #expect(footer().contains("⚠ NOT SAVED: cannot write state file /gone/state.json: No such file"))
    #expect(app.runtime.state.status.kind == .error)
    app.press("j")
    app.scheduler.advance()
    #expect(footer().contains("NOT SAVED"), "it stays while nothing has been saved")
    app.saver.saveFailure = nil
    app.press("a")
    app.scheduler.advance()
    #expect(app.saver.saved.count == 2, "the next change tried again")
    #expect(!footer().contains("NOT SAVED"))
    #expect(app.runtime.state.status.text == "saved again: the state file has the basket and orders")
  }

  @Test func aCheckoutIsOnDiskBeforeItIsReported() {
    let app = Harness()
    app.press("a")
    app.press("c")
    app.press("y")
    #expect(app.saver.durable.count == 1, "written durably, in the same turn, before any redraw")
    #expect(app.saver.durable.first?.orders.count == 1)
    #expect(app.saver.saved.allSatisfy { $0.orders.isEmpty }, "the checkout was not left to the background")
    #expect(app.runtime.state.status.text.hasPrefix("checked out 1 item"))
  }

  @Test func aCheckoutThatCannotBeSavedSaysSoAtOnce() {
    let app = Harness()
    app.press("a")
    app.saver.saveFailure = .writeFailed(path: "/gone/state.json", reason: "No space left on device")
    app.press("c")
    app.press("y")
    app.scheduler.advance()
    #expect(app.runtime.state.stickyNotice?.text.hasPrefix("NOT SAVED: cannot write state file") == true)
    #expect(app.shell.frames.last.map { $0.rowText(23).contains("No space left") } == true)
  }

  @Test func quittingLetsTheStateFileGoAfterItsFinalSave() {
    let app = Harness()
    app.press("a")
    #expect(app.saver.closedAfterFlushes == nil)
    app.press("q")
    #expect(app.saver.closedAfterFlushes == 1, "closed (its lock file removed) once the final save is done")
  }

  @Test func aCheckoutThatCannotBeSavedIsNotDoneAndTheBasketIsKept() {
    // Issue 25 item 5, issue 28 item 3: a checkout is on disk or not done.
    let app = Harness()
    let full = StateFileError.writeFailed(path: "/full/state.json", reason: "No space left on device")
    app.saver.saveFailure = full
    app.press("a")
    app.press("a")
    app.scheduler.advance()
    #expect(app.runtime.state.stickyNotice?.text.hasPrefix("NOT SAVED") == true, "an earlier save failed")
    app.press("c")
    app.press("y")
    app.scheduler.advance()
    let state = app.runtime.state
    #expect(state.shop.orders.isEmpty, "no order was placed")
    #expect(state.shop.basket.badgeQuantity == 2, "the basket is kept")
    #expect(state.lastSent?.value == 2, "the store holds the basket's count again")
    #expect(
      state.status.text
        == "not checked out: cannot write state file /full/state.json: No space left on device;"
        + " the basket is kept and no order was placed",
      "said again even though the earlier failure had the same reason")
    #expect(state.status.kind == .error)
    #expect(!state.messages.entries.contains { $0.text.hasPrefix("checked out") })
    #expect(app.shell.frames.last.map { $0.rowText(23).contains("NOT SAVED") } == true)
    // Once saving works again, the same checkout goes through.
    app.saver.saveFailure = nil
    app.press("c")
    app.press("y")
    #expect(app.runtime.state.shop.orders.count == 1)
    #expect(app.runtime.state.status.text.hasPrefix("checked out 2 items"))
  }
}
