import Shop

@testable import ShopTUI

/// The app core of a soak run and the invariants checked after each event.
struct SoakRun {
  private let app: AppFixture
  private let tracker = ChangeTracker()
  private var rendered = 0
  private var settledChecks = 0

  /// When the store last published or was rebound, in the session's milliseconds.
  private final class ChangeTracker {
    var lastChange = 0
  }

  /// An app in `mode` with a debounce of `debounce` milliseconds, in an 80x24 window.
  init(mode: QuantityStoreMode, debounce: Int) {
    app = AppFixture(mode: mode, debounce: DebounceInterval(milliseconds: debounce))
    let tracker = tracker
    let session = app.session
    app.session.onEvent = { timed in
      if case .sent = timed.event { tracker.lastChange = session.elapsedMilliseconds }
    }
  }

  /// The window's columns.
  var width: Int { app.controller.state.width }
  /// The window's rows.
  var height: Int { app.controller.state.height }
  /// What the run did, for the log.
  var summary: String {
    "\(rendered) renders, \(settledChecks) settled-badge checks, \(app.session.elapsedMilliseconds / 1000) s virtual"
  }

  /// Applies `event`, renders the screen when `render` is true, and returns the first broken invariant.
  mutating func apply(_ event: SoakEvent, render: Bool) -> String? {
    switch event {
    case .input(let input):
      let listTop = app.controller.layout.list.origin.y
      if let action = KeyBindings.action(for: input, in: app.controller.state, listTop: listTop),
        action != .quit
      {
        if !app.controller.handle(action) { return "\(action) asked to quit" }
        if case .switchMode = action { tracker.lastChange = app.session.elapsedMilliseconds }
        if action == .debounceUp || action == .debounceDown {
          tracker.lastChange = app.session.elapsedMilliseconds
        }
      }
    case .advance(let milliseconds):
      app.advance(milliseconds: milliseconds)
    case .mode(let mode):
      app.controller.handle(.command(.mode(mode)))
      tracker.lastChange = app.session.elapsedMilliseconds
    case .debounce(let milliseconds):
      app.controller.handle(.command(.debounce(DebounceInterval(milliseconds: milliseconds))))
      tracker.lastChange = app.session.elapsedMilliseconds
    }
    if let problem = checkCounts() ?? checkSelection() { return problem }
    if case .advance = event, let problem = checkSettledBadge() { return problem }
    if render, let problem = checkRender() { return problem }
    return nil
  }

  /// Nothing negative: basket lines, the controlled store, selection, scroll, window.
  private func checkCounts() -> String? {
    let session = app.session
    if let line = session.shop.basket.lines.first(where: { $0.quantity <= 0 }) {
      return "basket line \(line.id) has quantity \(line.quantity)"
    }
    // The simple store takes any value (the article's reorder then remove drives it, and later the
    // badge, below zero), so the store is held to zero or more only when controlled; the header never
    // shows less than `Basket: 0` (`checkRender`), and a settled badge is checked against the basket in
    // `checkSettledBadge`.
    if session.mode == .controlled, session.store.quantity < 0 {
      return "store quantity \(session.store.quantity)"
    }
    if session.basketQuantity < 0 { return "basket quantity \(session.basketQuantity)" }
    let state = app.controller.state
    if state.selection < 0 || state.scroll < 0 {
      return "selection \(state.selection), scroll \(state.scroll)"
    }
    if state.width < 0 || state.height < 0 { return "window \(state.width)x\(state.height)" }
    return nil
  }

  /// The selection is an item of the visible list and on a visible row.
  private func checkSelection() -> String? {
    let state = app.controller.state
    let count = app.controller.visibleCount
    let rows = max(1, app.controller.layout.list.height)
    if count == 0 {
      return state.selection == 0 && state.scroll == 0
        ? nil : "empty list but selection \(state.selection), scroll \(state.scroll)"
    }
    guard state.selection < count else { return "selection \(state.selection) of \(count) items" }
    guard state.scroll <= state.selection, state.selection < state.scroll + rows else {
      return "selection \(state.selection) outside rows \(state.scroll)..<\(state.scroll + rows)"
    }
    guard state.scroll <= max(0, count - rows) else {
      return "scroll \(state.scroll) past the end (\(count) items)"
    }
    return nil
  }

  /// In a controlled store, once the interval has passed since the last change, the badge has settled on
  /// the basket's quantity without bags.
  private mutating func checkSettledBadge() -> String? {
    let session = app.session
    guard session.mode == .controlled,
      session.elapsedMilliseconds - tracker.lastChange >= session.debounce.milliseconds
    else { return nil }
    settledChecks += 1
    if session.badge.count != session.basketQuantity {
      return "settled badge \(session.badge.count) but basket holds \(session.basketQuantity)"
    }
    if let pending = session.pending { return "still pending \(pending.value) after the interval" }
    return nil
  }

  /// Renders the screen: the right size, no control character in any cell, and the badge in the header
  /// whenever the layout fits.
  private mutating func checkRender() -> String? {
    rendered += 1
    let state = app.controller.state
    let grid = Screen.render(state, app.session)
    guard grid.width == state.width, grid.height == state.height else {
      return "rendered \(grid.width)x\(grid.height) for a \(state.width)x\(state.height) window"
    }
    for y in 0..<grid.height {
      for scalar in grid.rowText(y).unicodeScalars
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        return "row \(y) holds the control character U+\(String(scalar.value, radix: 16))"
      }
    }
    if app.controller.layout.fits, !grid.rowText(0).contains("Basket: \(max(0, app.session.badge.count))") {
      return "header without the badge as a count: \(grid.rowText(0))"
    }
    return nil
  }
}
