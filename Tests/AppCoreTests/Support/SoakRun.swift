import Shop

@testable import AppCore

/// The app core of a soak run and the invariants checked after each event.
struct SoakRun {
  private let app: TestStore
  private var rendered = 0
  private var settledChecks = 0
  /// When the store was last rebound (a mode or debounce change), in the app's milliseconds.
  private var lastRebind = 0

  /// An app in `mode` with a debounce of `debounce` milliseconds, in an 80x24 window.
  init(mode: QuantityStoreMode, debounce: Int) {
    app = TestStore(exhaustive: false, mode: mode, debounce: DebounceInterval(milliseconds: debounce), )
  }

  /// The window's columns.
  var width: Int { app.state.width }
  /// The window's rows.
  var height: Int { app.state.height }
  /// What the run did, for the log.
  var summary: String {
    "\(rendered) renders, \(settledChecks) settled-badge checks, \(app.now / 1000) s virtual"
  }

  /// When the store last published or was rebound.
  private var lastChange: Int { max(lastRebind, app.state.lastSent?.milliseconds ?? 0) }

  /// Applies `event`, renders the screen when `render` is true, and returns the first broken invariant.
  mutating func apply(_ event: SoakEvent, render: Bool) -> String? {
    switch event {
    case .input(let input):
      if let action = KeyBindings.action(for: input, in: app.state), action != .quit {
        app.send(input)
        if app.takeEffects().contains(.quit) { return "\(action) ended the app" }
        if action == .shop(.switchMode) || action == .shop(.debounceUp) || action == .shop(.debounceDown) {
          lastRebind = app.now
        }
      }
    case .advance(let milliseconds):
      app.advance(milliseconds: milliseconds)
      _ = app.takeEffects()
    case .mode(let mode):
      app.perform(.mode(mode))
      lastRebind = app.now
    case .debounce(let milliseconds):
      app.perform(.debounce(DebounceInterval(milliseconds: milliseconds)))
      lastRebind = app.now
    }
    if let problem = checkCounts() ?? checkSelection() { return problem }
    if case .advance = event, let problem = checkSettledBadge() { return problem }
    if render, let problem = checkRender() { return problem }
    return nil
  }

  /// Nothing negative: basket lines, the controlled store, selection, scroll, window.
  private func checkCounts() -> String? {
    let state = app.state
    if let line = state.shop.basket.lines.first(where: { $0.quantity <= 0 }) {
      return "basket line \(line.id) has quantity \(line.quantity)"
    }
    // The simple store takes any value (the article's reorder then remove drives it, and later the
    // badge, below zero), so the store is held to zero or more only when controlled; the header never
    // shows less than `Basket: 0` (`checkRender`), and a settled badge is checked against the basket in
    // `checkSettledBadge`.
    if state.mode == .controlled, app.store.quantity < 0 {
      return "store quantity \(app.store.quantity)"
    }
    if state.basketQuantity < 0 { return "basket quantity \(state.basketQuantity)" }
    if state.list.selection < 0 || state.list.scroll < 0 {
      return "selection \(state.list.selection), scroll \(state.list.scroll)"
    }
    if state.width < 0 || state.height < 0 { return "window \(state.width)x\(state.height)" }
    return nil
  }

  /// The selection is an item of the visible list and on a visible row.
  private func checkSelection() -> String? {
    let list = app.state.list
    let count = app.state.visibleCount
    let rows = max(1, app.state.layout.list.height)
    if count == 0 {
      return list.selection == 0 && list.scroll == 0
        ? nil : "empty list but selection \(list.selection), scroll \(list.scroll)"
    }
    guard list.selection < count else { return "selection \(list.selection) of \(count) items" }
    guard list.scroll <= list.selection, list.selection < list.scroll + rows else {
      return "selection \(list.selection) outside rows \(list.scroll)..<\(list.scroll + rows)"
    }
    guard list.scroll <= max(0, count - rows) else {
      return "scroll \(list.scroll) past the end (\(count) items)"
    }
    return nil
  }

  /// In a controlled store, once the interval has passed since the last change, the badge has settled on
  /// the basket's quantity without bags.
  private mutating func checkSettledBadge() -> String? {
    let state = app.state
    guard state.mode == .controlled,
      app.now - lastChange >= state.debounce.milliseconds
    else { return nil }
    settledChecks += 1
    if state.badge.value != state.basketQuantity {
      return "settled badge \(state.badge.value) but basket holds \(state.basketQuantity)"
    }
    if let pending = state.pending { return "still pending \(pending.value) after the interval" }
    return nil
  }

  /// Renders the screen: the right size, no control character in any cell, and the badge in the header
  /// whenever the layout fits.
  private mutating func checkRender() -> String? {
    rendered += 1
    let state = app.state
    let grid = Screen.render(state)
    guard grid.width == state.width, grid.height == state.height else {
      return "rendered \(grid.width)x\(grid.height) for a \(state.width)x\(state.height) window"
    }
    for y in 0..<grid.height {
      for scalar in grid.rowText(y).unicodeScalars
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        return "row \(y) holds the control character U+\(String(scalar.value, radix: 16))"
      }
    }
    if app.state.layout.fits, !grid.rowText(0).contains("Basket: \(max(0, app.state.badge.value))") {
      return "header without the badge as a count: \(grid.rowText(0))"
    }
    return nil
  }
}
