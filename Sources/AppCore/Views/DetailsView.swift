import Shop

/// What the catalog says of one item: its name, price and id, how many the basket holds, and its
/// description when the catalog has one, wrapped by display width.
enum DetailsView {
  static func draw(_ state: AppState, itemID: String, into grid: inout Grid) {
    let width = OverlayBox.frame(in: grid, rows: 1).textWidth
    let line = state.shop.basket.lines.first { $0.id == itemID }
    guard let item = state.catalog.item(withID: itemID) ?? line else { return }
    let sold = state.catalog.hasItem(withID: itemID)
    var lines = item.name.wrapped(toWidth: width) + [""]
    let price = item.isPaperBag ? "free" : Money.format(item.price, currency: state.catalog.currency)
    lines.append("price: \(price)\(sold ? "" : " (when it was last sold)")")
    lines += "id: \(item.id)".wrapped(toWidth: width)
    lines.append("in the basket: \(line?.quantity ?? 0)")
    if !sold { lines.append("no longer sold: Tab, then d, takes it out of the basket") }
    if let description = state.catalog.description(ofItemWithID: itemID) {
      lines += [""] + description.wrapped(toWidth: width)
    }
    OverlayBox.draw(title: "item details", lines: lines, scroll: 0, into: &grid)
  }
}
