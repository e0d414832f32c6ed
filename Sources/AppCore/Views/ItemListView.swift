import Foundation
import Shop

/// The catalog list: names padded and cut by display width, prices aligned, the selection highlighted,
/// and only the visible rows drawn, however long the catalog.
enum ItemListView {
  /// The title: how many items, the filter, the order, and what is on its way (`Items matching "ab"
  /// (searching…)`, `Items (16) · sorting by name…`). In `width` columns a long filter is cut (`…`)
  /// before the count and the order are.
  static func title(_ list: ListState, count: Int, width: Int = .max) -> String {
    var rest = list.pendingSearch == nil ? " (\(count))" : " (searching…)"
    if let pending = list.pendingOrder?.title {
      rest += " · sorting \(pending)…"
    } else if let order = list.order.title {
      rest += " · \(order)"
    }
    guard !list.filter.isEmpty else { return " Items" + rest }
    let room = width - DisplayWidth.of(" Items matching \"\"") - DisplayWidth.of(rest)
    guard room >= 2 || DisplayWidth.of(list.filter) <= room else {
      return (" Items" + rest).fitted(toWidth: width)
    }
    return " Items matching \"\(list.filter.fitted(toWidth: room))\"" + rest
  }

  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let pane = layout.list
    let catalog = state.catalog
    let count = state.visibleCount
    let titleStyle = PaneTitle.style(focused: state.focus == .items)
    let basket = state.shop.basket
    // Without the basket pane the title carries a summary of the basket; the title gives way to it.
    let summary =
      layout.basket != nil
      ? "" : "basket \(basket.badgeQuantity) · \(Money.format(basket.subtotal, currency: catalog.currency)) "
    let titleWidth = summary.isEmpty ? pane.width : max(0, pane.width - DisplayWidth.of(summary) - 2)
    let title = self.title(state.list, count: count, width: titleWidth)
    grid.writeField(title, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width, style: titleStyle)
    if !summary.isEmpty {
      grid.writeField(
        summary, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width, style: titleStyle,
        alignment: .trailing)
      grid.write(title, at: GridPoint(x: 0, y: layout.listTitleRow), style: titleStyle)
    }
    if count == 0 {
      let empty =
        state.list.pendingSearch != nil
        ? "  searching…" : state.list.filter.isEmpty ? "  the catalog is empty" : "  no item matches"
      grid.write(
        empty,
        at: GridPoint(x: 0, y: pane.origin.y), style: Style(foreground: .muted))
      return
    }
    // The rows on screen, with the basket marker and price each shows: the two columns are as wide as
    // the widest of them (and no narrower than usual), so a large price never runs into the count.
    let rows = (0..<pane.height).prefix { state.list.scroll + $0 < count }.map { row in
      let position = state.list.scroll + row
      let item = catalog.items[state.list.shown.map { Int($0[position]) } ?? position]
      let inBasket = state.shop.basket.quantity(ofItemWithID: item.id)
      return (
        row: row, position: position, item: item, marker: inBasket > 0 ? "×\(inBasket)" : "",
        price: Money.format(item.price, currency: catalog.currency) + " "
      )
    }
    let markerWidth = max(5, 1 + (rows.map { DisplayWidth.of($0.marker) }.max() ?? 0))
    let priceWidth = max(14, 1 + (rows.map { DisplayWidth.of($0.price) }.max() ?? 0))
    for (row, position, item, marker, price) in rows {
      let selected = position == state.list.selection
      // The selection is a reverse bar while the list has the focus, and only underlined while the
      // basket has it, so the two panes' bars never look alike.
      let style: Style =
        !selected ? .plain : state.focus == .items ? .selected : Style(attributes: [.underline, .bold])
      let y = pane.origin.y + row
      let nameWidth = max(0, pane.width - priceWidth - markerWidth - 1)
      let name = item.name.fitted(toWidth: nameWidth - 1)
      var x = grid.writeField(" " + name, at: GridPoint(x: 0, y: y), width: nameWidth + 1, style: style)
      if let matched = matchedPart(of: name, filter: state.list.filter) {
        // The part the filter matched, underlined (and bold), over the name already drawn.
        let start = 1 + DisplayWidth.of(name[..<matched.lowerBound])
        grid.write(
          name[matched], at: GridPoint(x: start, y: y),
          style: Style(
            foreground: selected ? style.foreground : .highlight, background: style.background,
            attributes: style.attributes.union([.underline, .bold])))
      }
      x = grid.writeField(
        marker, at: GridPoint(x: x, y: y), width: markerWidth,
        style: selected ? style : Style(foreground: .success),
        alignment: .trailing)
      grid.writeField(
        price, at: GridPoint(x: x, y: y), width: pane.width - x, style: style, alignment: .trailing)
    }
  }

  /// Where `filter` matches `name` as the filter does (case and accents ignored), for the rows on
  /// screen only; `nil` without a filter or where Foundation's folding finds no match to show.
  static func matchedPart(of name: String, filter: String) -> Range<String.Index>? {
    guard !filter.isEmpty else { return nil }
    return name.range(of: filter, options: [.caseInsensitive, .diacriticInsensitive])
  }
}
