import Shop

/// The checkout confirmation: the basket's lines, how many items and the total, and how to answer.
enum ConfirmCheckoutView {
  static func draw(_ state: AppState, into grid: inout Grid) {
    let basket = state.shop.basket
    let currency = state.catalog.currency
    let width = OverlayBox.frame(in: grid, rows: 1).textWidth
    var lines: [String] = []
    for line in basket.lines {
      let price = line.isPaperBag ? "free" : Money.format(line.price * line.quantity, currency: currency)
      let label = "\(line.quantity) × \(line.name)".fitted(
        toWidth: max(1, width - DisplayWidth.of(price) - 2))
      lines.append(
        label + String(repeating: " ", count: max(1, width - DisplayWidth.of(label) - DisplayWidth.of(price)))
          + price)
    }
    let count = basket.badgeQuantity
    let total = "\(count) item\(count == 1 ? "" : "s"), \(Money.format(basket.subtotal, currency: currency))"
    // The total and the answer (wrapped, never cut) stay in view: the lines scroll away first.
    let end =
      ["", "Total: \(total)", ""] + "y or Enter checks out, n or Esc keeps shopping".wrapped(toWidth: width)
    lines += end
    let rows = OverlayBox.frame(in: grid, rows: lines.count).rect.height - 2
    if lines.count > rows, rows > end.count + 1 {
      let kept = rows - end.count - 1
      let hidden = basket.lines.count - kept
      lines =
        Array(lines.prefix(kept)) + ["… and \(hidden) more line\(hidden == 1 ? "" : "s")"]
        + lines.suffix(end.count)
    }
    OverlayBox.draw(title: "check out these items?", lines: lines, scroll: 0, into: &grid)
  }

  /// The question before undoing a checkout: which order it deletes, and how to answer.
  static func drawUndo(_ state: AppState, into grid: inout Grid) {
    let width = OverlayBox.frame(in: grid, rows: 1).textWidth
    var lines: [String] = []
    if let order = state.shop.lastOrder {
      let count = ItemCalculator.totalQuantity(of: order.items)
      let total = Money.format(ItemCalculator.subtotal(of: order.items), currency: state.catalog.currency)
      lines +=
        "The last change was a checkout: undoing it deletes order #\(state.shop.orders.count) (\(count) item\(count == 1 ? "" : "s"), \(total)) and puts its items back in the basket."
        .wrapped(toWidth: width)
    }
    lines += [""] + "y or Enter undoes it, n or Esc keeps the order".wrapped(toWidth: width)
    OverlayBox.draw(title: "undo the checkout?", lines: lines, scroll: 0, into: &grid)
  }
}
