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
}
