import Foundation
import Shop

/// The catalog list: names padded and cut by display width, prices aligned, the selection highlighted,
/// and only the visible rows drawn, however long the catalog.
enum ItemListView {
  /// The title: how many items, the filter, the order, and what is on its way (`Items matching "ab"
  /// (searching…)`, `Items (16) · sorting by name…`).
  static func title(_ list: ListState, count: Int) -> String {
    var title = " Items"
    if !list.filter.isEmpty { title += " matching \"\(list.filter)\"" }
    title += list.pendingSearch == nil ? " (\(count))" : " (searching…)"
    if let pending = list.pendingOrder?.title {
      title += " · sorting \(pending)…"
    } else if let order = list.order.title {
      title += " · \(order)"
    }
    return title
  }

  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let pane = layout.list
    let catalog = state.catalog
    let count = state.visibleCount
    let priceWidth = 14
    let title = self.title(state.list, count: count)
    let titleStyle = PaneTitle.style(focused: state.focus == .items)
    grid.writeField(title, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width, style: titleStyle)
    if layout.basket == nil {
      let basket = state.shop.basket
      let summary =
        "basket \(basket.badgeQuantity) · \(Money.format(basket.subtotal, currency: catalog.currency)) "
      // The title gives way to the summary: it is cut (with `…`) before the two could touch.
      grid.writeField(
        summary, at: GridPoint(x: 0, y: layout.listTitleRow), width: pane.width, style: titleStyle,
        alignment: .trailing)
      grid.write(
        title.fitted(toWidth: max(0, pane.width - DisplayWidth.of(summary) - 1)),
        at: GridPoint(x: 0, y: layout.listTitleRow), style: titleStyle)
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
    for row in 0..<pane.height {
      let position = state.list.scroll + row
      guard position < count else { break }
      let item = catalog.items[state.list.shown.map { Int($0[position]) } ?? position]
      let selected = position == state.list.selection
      let style: Style = selected ? .selected : .plain
      let y = pane.origin.y + row
      let inBasket = state.shop.basket.quantity(ofItemWithID: item.id)
      let marker = inBasket > 0 ? "×\(inBasket)" : ""
      let nameWidth = max(0, pane.width - priceWidth - 6)
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
        marker, at: GridPoint(x: x, y: y), width: 5, style: selected ? style : Style(foreground: .success),
        alignment: .trailing)
      grid.writeField(
        Money.format(item.price, currency: catalog.currency) + " ", at: GridPoint(x: x, y: y),
        width: pane.width - x, style: style, alignment: .trailing)
    }
  }

  /// Where `filter` matches `name` as the filter does (case and accents ignored), for the rows on
  /// screen only; `nil` without a filter or where Foundation's folding finds no match to show.
  static func matchedPart(of name: String, filter: String) -> Range<String.Index>? {
    guard !filter.isEmpty else { return nil }
    return name.range(of: filter, options: [.caseInsensitive, .diacriticInsensitive])
  }
}
