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
    case .help, .messages, .details:
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

  /// The pipeline being typed, with its cursor; its end stays in view as the filter's does.
  static func promptLine(_ text: String, width: Int) -> String {
    let keys = "   Enter draws  ↑↓ earlier  Esc cancels"
    let lead = " lane: "
    if DisplayWidth.of(lead + text + "▏" + keys) <= width { return lead + text + "▏" + keys }
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
