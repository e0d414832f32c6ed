import Shop

/// The view half of the app: draws the whole screen into a grid from the app state and the session.
/// It reads and never writes; the same state always gives the same grid.
enum Screen {
  static func render(_ state: AppState, _ session: ShopSession) -> Grid {
    var grid = Grid(width: state.width, height: state.height)
    let layout = ScreenLayout(width: state.width, height: state.height)
    guard layout.fits else {
      drawTooSmall(into: &grid)
      return grid
    }
    HeaderView.draw(session, layout: layout, into: &grid)
    ItemListView.draw(state, session, layout: layout, into: &grid)
    if let pane = layout.basket { BasketView.draw(session, in: pane, into: &grid) }
    if let pane = layout.timeline { TimelineView.draw(session, in: pane, into: &grid) }
    drawStatus(state, layout: layout, into: &grid)
    drawFooter(state, layout: layout, into: &grid)
    if state.isShowingHelp { HelpOverlay.draw(session, into: &grid) }
    return grid
  }

  private static func drawTooSmall(into grid: inout Grid) {
    let message = "too small"
    let detail = "needs \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight)"
    let row = max(0, grid.height / 2 - 1)
    let column = max(0, (grid.width - message.count) / 2)
    grid.write(message, at: GridPoint(x: column, y: row), style: Style(attributes: .bold))
    grid.write(detail, at: GridPoint(x: max(0, (grid.width - detail.count) / 2), y: row + 1))
  }

  private static func drawStatus(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let style =
      state.status.kind == .error
      ? Style(foreground: .danger, attributes: .bold) : Style(foreground: .info)
    grid.writeField(
      " " + state.status.text, at: GridPoint(x: 0, y: layout.statusRow), width: layout.width, style: style)
  }

  private static func drawFooter(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let hint: String
    if state.isShowingHelp {
      hint = " Esc or ? closes the help   q quits"
    } else if state.isEditingFilter {
      hint = " filter: \(state.filter)▏   Enter keeps it   Esc clears it"
    } else if !state.filter.isEmpty {
      hint = KeyBindings.footer(width: layout.width, prefix: "filter \"\(state.filter)\"  Esc clears  ")
    } else {
      hint = KeyBindings.footer(width: layout.width)
    }
    grid.writeField(
      hint, at: GridPoint(x: 0, y: layout.footerRow), width: layout.width, style: Style(foreground: .muted))
  }
}

/// The header: the app's name, the store mode, the debounce interval, and the badge `Basket: N` with
/// what is pending and whether it disagrees with the basket.
enum HeaderView {
  static func draw(_ session: ShopSession, layout: ScreenLayout, into grid: inout Grid) {
    let bar = Style(attributes: .reverse)
    grid.fill(GridRect(x: 0, y: layout.headerRow, width: layout.width, height: 1), style: bar)

    // The badge is a count: the header never shows it below zero. The simple store accepts any value,
    // so its count can go negative; the header then says what the store holds.
    let count = session.badge.count
    let danger = Style(foreground: .danger, attributes: [.reverse, .bold])
    var right: [(String, Style)] = [("Basket: \(max(0, count))", Style(attributes: [.reverse, .bold]))]
    if count < 0 { right.append((" (store: −\(count.magnitude))", danger)) }
    if let pending = session.pending {
      right.append((" → \(pending.value)", Style(attributes: [.reverse, .dim])))
    } else if let difference = session.disagreement {
      let sign = difference > 0 ? "+" : "−"
      right.append((" ≠ basket \(session.basketQuantity) (\(sign)\(difference.magnitude))", danger))
    }
    let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.0) } + 1
    var x = max(0, layout.width - rightWidth)
    for (text, style) in right {
      x = grid.write(text, at: GridPoint(x: x, y: layout.headerRow), style: style)
    }

    let leftSpace = max(0, layout.width - rightWidth - 1)
    let candidates = [
      " shop  ·  \(session.mode.rawValue) store  ·  debounce \(session.debounce)",
      " shop · \(session.mode.rawValue) · debounce \(session.debounce)",
      " shop · \(session.mode.rawValue) · \(session.debounce)",
      " \(session.mode.rawValue) · \(session.debounce)",
      " \(session.mode.rawValue)",
    ]
    let left = candidates.first { DisplayWidth.of($0) <= leftSpace } ?? ""
    grid.write(left, at: GridPoint(x: 0, y: layout.headerRow), style: Style(attributes: [.reverse, .bold]))
  }
}

/// The catalog list: names padded and cut by display width, prices aligned, the selection highlighted,
/// and only the visible rows drawn, however long the catalog.
enum ItemListView {
  static func draw(_ state: AppState, _ session: ShopSession, layout: ScreenLayout, into grid: inout Grid) {
    let pane = layout.list
    let catalog = session.catalog
    let count = state.filteredIndices?.count ?? catalog.items.count
    let priceWidth = 14
    let title = state.filter.isEmpty ? " Items (\(count))" : " Items matching \"\(state.filter)\" (\(count))"
    grid.writeField(
      title, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width,
      style: Style(foreground: .accent, attributes: .bold))
    if layout.basket == nil {
      let basket = session.shop.basket
      let summary =
        "basket \(basket.badgeQuantity) · \(Money.format(basket.subtotal, currency: catalog.currency)) "
      grid.writeField(
        summary, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width,
        style: Style(foreground: .accent, attributes: .bold), alignment: .trailing)
      grid.write(
        title, at: GridPoint(x: 0, y: layout.listTitleRow),
        style: Style(foreground: .accent, attributes: .bold),
        maxWidth: max(0, pane.width - DisplayWidth.of(summary) - 1))
    }
    if count == 0 {
      grid.write(
        state.filter.isEmpty ? "  the catalog is empty" : "  no item matches",
        at: GridPoint(x: 0, y: pane.origin.y), style: Style(foreground: .muted))
      return
    }
    for row in 0..<pane.height {
      let position = state.scroll + row
      guard position < count else { break }
      let item = catalog.items[state.filteredIndices?[position] ?? position]
      let selected = position == state.selection
      let style: Style = selected ? .selected : .plain
      let y = pane.origin.y + row
      let inBasket = session.shop.basket.quantity(ofItemWithID: item.id)
      let marker = inBasket > 0 ? "×\(inBasket)" : ""
      let nameWidth = max(0, pane.width - priceWidth - 6)
      var x = grid.writeField(
        " " + item.name.fitted(toWidth: nameWidth - 1), at: GridPoint(x: 0, y: y), width: nameWidth + 1,
        style: style)
      x = grid.writeField(
        marker, at: GridPoint(x: x, y: y), width: 5, style: selected ? style : Style(foreground: .success),
        alignment: .trailing)
      grid.writeField(
        Money.format(item.price, currency: catalog.currency) + " ", at: GridPoint(x: x, y: y),
        width: pane.width - x, style: style, alignment: .trailing)
    }
  }
}

/// The basket pane: each line with its quantity and price, paper bags, unavailable items marked, and
/// the total.
enum BasketView {
  static func draw(_ session: ShopSession, in pane: GridRect, into grid: inout Grid) {
    for y in pane.origin.y..<(pane.origin.y + pane.height) {
      grid.write("│", at: GridPoint(x: pane.origin.x - 1, y: y), style: Style(foreground: .muted))
    }
    let x = pane.origin.x
    let basket = session.shop.basket
    let currency = session.catalog.currency
    grid.writeField(
      " Basket", at: GridPoint(x: x, y: pane.origin.y), width: pane.width,
      style: Style(foreground: .accent, attributes: .bold))
    let unavailable = Set(session.unavailableItems.map(\.id))
    let lineRows = max(0, pane.height - 3)
    let lines = basket.lines
    if lines.isEmpty {
      grid.write(
        " empty: a adds the selected item", at: GridPoint(x: x, y: pane.origin.y + 1),
        style: Style(foreground: .muted))
    }
    for (index, line) in lines.enumerated() {
      guard index < lineRows else { break }
      let y = pane.origin.y + 1 + index
      if index == lineRows - 1, lines.count > lineRows {
        grid.write(
          " … \(lines.count - index) more lines", at: GridPoint(x: x, y: y), style: Style(foreground: .muted))
        break
      }
      let price = line.isPaperBag ? "free" : Money.format(line.price * line.quantity, currency: currency)
      let note = unavailable.contains(line.id) ? " (unavailable)" : ""
      let style = unavailable.contains(line.id) ? Style(foreground: .warning) : Style.plain
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
    grid.writeField(
      " Total", at: GridPoint(x: x, y: totalRow), width: pane.width, style: Style(attributes: .bold))
    grid.writeField(
      total, at: GridPoint(x: x, y: totalRow), width: pane.width, style: Style(attributes: .bold),
      alignment: .trailing)
    grid.write(" Total", at: GridPoint(x: x, y: totalRow), style: Style(attributes: .bold))
  }
}
