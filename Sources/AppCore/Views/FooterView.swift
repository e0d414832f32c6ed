import Shop

/// The footer: the filter being typed, or as many key hints as fit.
enum FooterView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let hint: String
    switch state.overlay {
    case .confirmCheckout:
      hint = KeyBindings.hints(KeyBindings.confirm, width: layout.width)
    case .confirmUndoCheckout:
      hint = KeyBindings.hints(KeyBindings.confirmUndo, width: layout.width)
    case .help where state.helpSearch.map { !$0.query.isEmpty || $0.isEditing } == true:
      // The status line is under the help's box: the footer says what the search found.
      hint = searchLine(
        state.helpSearch!, in: OverlayText.help(state, width: layout.overlayTextWidth), width: layout.width)
    case .help:
      // Scrolling first, then the search, then paging: a narrow footer keeps what it needs most.
      let overlay = KeyBindings.overlay
      hint = KeyBindings.hints(
        overlay.prefix(1) + KeyBindings.help + overlay.dropFirst(), width: layout.width)
    case .messages, .details:
      hint = KeyBindings.hints(KeyBindings.overlay, width: layout.width)
    case .history:
      hint = KeyBindings.hints(KeyBindings.history, width: layout.width)
    case nil where state.lanePrompt != nil:
      hint = promptLine(state.lanePrompt!.text, width: layout.width)
    case nil where state.list.isEditingFilter:
      hint = filterLine(state.list.filter, width: layout.width)
    case nil where !state.list.filter.isEmpty:
      hint = KeyBindings.footer(
        width: layout.width, focus: state.focus,
        prefix: countPrefix(state) + "filter \"\(state.list.filter)\"  Esc clears  ")
    case nil:
      hint = KeyBindings.footer(
        width: layout.width, focus: state.focus, prefix: countPrefix(state), reorder: reorderSummary(state))
    }
    if let notice = state.stickyNotice {
      // What must not be missed takes the place of the hints until it is resolved (L has it whole).
      grid.writeField(
        " ⚠ " + notice.text.fitted(toWidth: max(0, layout.width - 3)),
        at: GridPoint(x: 0, y: layout.footerRow),
        width: layout.width, style: Style(foreground: .danger, attributes: [.bold, .reverse]))
      return
    }
    grid.writeField(
      hint, at: GridPoint(x: 0, y: layout.footerRow), width: layout.width, style: Style(foreground: .muted))
  }

  /// What `r` would put in the basket: the last order's item count and what it costs today.
  private static func reorderSummary(_ state: AppState) -> String? {
    guard let order = state.shop.lastOrder else { return nil }
    let items = order.items.filter { !$0.isPaperBag && state.catalog.hasItem(withID: $0.id) }
    let count = ItemCalculator.totalQuantity(of: items)
    let total = items.reduce(0) { $0 + (state.catalog.item(withID: $1.id)?.price ?? 0) * $1.quantity }
    return "\(count) item\(count == 1 ? "" : "s"), \(Money.format(total, currency: state.catalog.currency))"
  }

  /// A count being typed, shown before the hints: `5× `.
  private static func countPrefix(_ state: AppState) -> String {
    state.countPrefix.map { "\($0)× " } ?? ""
  }

  /// The help's search being typed, with its cursor; its end stays in view as the filter's does.
  /// The columns of the help's text on this screen.

  /// The help's search: while typed, the text with its cursor and how many lines hold it; once kept,
  /// which of the lines found is shown, and the keys that step through them.
  static func searchLine(_ search: HelpSearch, in lines: [String], width: Int) -> String {
    let matches = search.matches(in: lines)
    let query = UntrustedText.escaped(search.query)
    let found: String =
      switch (search.query.isEmpty, matches.count) {
      case (true, _): ""
      case (false, 0): "  not found"
      case (false, 1): "  1 line"
      case (false, let count): "  \(count) lines"
      }
    guard search.isEditing else {
      let place = search.found.flatMap { matches.firstIndex(of: $0) }.map {
        "line \($0 + 1) of \(matches.count)"
      }
      let lead = " \"\(query)\": " + (place ?? "not found")
      return (lead + "   n next  N previous  / again  Esc closes").fitted(toWidth: width)
    }
    let keys = found + "   Enter keeps it  Esc goes back"
    let lead = " search the help: "
    if DisplayWidth.of(lead + query + "▏" + keys) <= width { return lead + query + "▏" + keys }
    if DisplayWidth.of(lead + query + "▏" + found) <= width { return lead + query + "▏" + found }
    return endInView(query, after: lead, width: width)
  }

  /// The pipeline being typed, with its cursor; its end stays in view as the filter's does.
  static func promptLine(_ text: String, width: Int) -> String {
    let keys = "   Enter draws  ↑↓ earlier  Esc cancels"
    let lead = " lane: "
    if DisplayWidth.of(lead + text + "▏" + keys) <= width { return lead + text + "▏" + keys }
    return endInView(text, after: lead, width: width)
  }

  /// `lead`, then as much of the end of `text` being typed as fits in `width` (its start given way,
  /// marked `…`), then the cursor.
  private static func endInView(_ text: String, after lead: String, width: Int) -> String {
    let room = max(1, width - DisplayWidth.of(lead) - 2)
    var tail = ""
    for character in text.reversed() {
      guard DisplayWidth.of(String(character) + tail) <= room else { break }
      tail = String(character) + tail
    }
    return lead + (tail.count < text.count ? "…" : "") + tail + "▏"
  }

  /// The filter being typed, with its cursor: when the query is too long for the line, its end (where
  /// the cursor is) stays in view and the start gives way, marked `…`; the key hints go first.
  static func filterLine(_ filter: String, width: Int) -> String {
    let keys = "   Enter keeps it   Esc clears it"
    let lead = " filter: "
    let room = width - DisplayWidth.of(lead) - 1
    let withKeys = room - DisplayWidth.of(keys)
    if DisplayWidth.of(filter) <= withKeys { return lead + filter + "▏" + keys }
    guard DisplayWidth.of(filter) > room else { return lead + filter + "▏" }
    var tail = ""
    var used = 1
    for character in filter.reversed() {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth > room { break }
      tail.insert(character, at: tail.startIndex)
      used += characterWidth
    }
    return lead + "…" + tail + "▏"
  }
}
