import Shop

/// The basket pane: each line with its quantity and price, paper bags, unavailable items marked, and
/// the total; with focus, its title is highlighted and the selected line is in reverse video.
enum BasketView {
  /// The first line a pane of `paneHeight` rows shows (see
  /// ``ScreenLayout/firstShownBasketLine(selection:count:focused:paneHeight:)``).
  static func firstShownLine(_ state: AppState, paneHeight: Int) -> Int {
    ScreenLayout.firstShownBasketLine(
      selection: state.basketSelection, count: state.shop.basket.lines.count, focused: state.focus == .basket,
      paneHeight: paneHeight)
  }

  static func draw(_ state: AppState, in pane: GridRect, into grid: inout Grid) {
    if pane.origin.x > 0 {
      for y in pane.origin.y..<(pane.origin.y + pane.height) {
        grid.write("│", at: GridPoint(x: pane.origin.x - 1, y: y), style: Style(foreground: .muted))
      }
    }
    let x = pane.origin.x
    let basket = state.shop.basket
    let currency = state.catalog.currency
    let focused = state.focus == .basket
    // A scrolled basket says in its title how many lines are above the first one shown.
    let above = firstShownLine(state, paneHeight: pane.height)
    grid.writeField(
      (" Basket" + (above > 0 ? " · ↑ \(above) more above" : "")).fitted(toWidth: pane.width),
      at: GridPoint(x: x, y: pane.origin.y), width: pane.width, style: PaneTitle.style(focused: focused))
    let unavailable = Set(state.catalog.unavailableItems(in: basket.lines).map(\.id))
    let lineRows = max(0, pane.height - 3)
    let lines = basket.lines
    if lines.isEmpty {
      // With the focus here, a acts on basket lines, so the hint says how to get back to the items.
      let hint = focused ? " empty: Tab back to the items" : " empty: a adds the selected item"
      grid.write(
        hint.fitted(toWidth: pane.width), at: GridPoint(x: x, y: pane.origin.y + 1),
        style: Style(foreground: .muted))
    }
    let first = firstShownLine(state, paneHeight: pane.height)
    for (row, index) in (first..<lines.count).enumerated() {
      let line = lines[index]
      guard row < lineRows else { break }
      let y = pane.origin.y + 1 + row
      if row == lineRows - 1, lineRows > 1, lines.count - first > lineRows {
        grid.write(
          " … \(lines.count - index) more lines", at: GridPoint(x: x, y: y), style: Style(foreground: .muted))
        break
      }
      let price = line.isPaperBag ? "free" : Money.format(line.price * line.quantity, currency: currency)
      let note = unavailable.contains(line.id) ? " (unavailable)" : ""
      let selected = focused && index == state.basketSelection
      let style =
        selected ? Style.selected : unavailable.contains(line.id) ? Style(foreground: .warning) : Style.plain
      let priceWidth = DisplayWidth.of(price) + 1
      let label = " \(line.quantity) × \(line.name)\(note)".fitted(toWidth: pane.width - priceWidth - 1)
      grid.writeField(label, at: GridPoint(x: x, y: y), width: pane.width - priceWidth, style: style)
      grid.writeField(
        price + " ", at: GridPoint(x: x + pane.width - priceWidth, y: y), width: priceWidth, style: style,
        alignment: .trailing)
    }
    let totalRow = pane.origin.y + pane.height - 1
    let total =
      "\(basket.badgeQuantity) item\(basket.badgeQuantity == 1 ? "" : "s")  \(Money.format(basket.subtotal, currency: currency)) "
    // The word gives way to the figures when both do not fit with a space between them.
    let word = DisplayWidth.of(" Total ") + DisplayWidth.of(total) <= pane.width ? " Total" : ""
    grid.writeField(
      word, at: GridPoint(x: x, y: totalRow), width: pane.width, style: Style(attributes: .bold))
    grid.writeField(
      total.fitted(toWidth: pane.width - DisplayWidth.of(word)), at: GridPoint(x: x, y: totalRow),
      width: pane.width, style: Style(attributes: .bold), alignment: .trailing)
    grid.write(word, at: GridPoint(x: x, y: totalRow), style: Style(attributes: .bold))
  }
}
