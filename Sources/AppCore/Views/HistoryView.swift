import Foundation
import Shop

/// The order history: every past order, newest first, with its date and time in the user's time zone,
/// its item count and its total; Enter shows the selected order's lines, `r` reorders it.
enum HistoryView {
  static func draw(_ state: AppState, selection: Int, showingLines: Bool, into grid: inout Grid) {
    let orders = Array(state.shop.orders.reversed())
    guard orders.indices.contains(selection) else { return }
    let width = OverlayBox.frame(in: grid, rows: 1).textWidth
    let currency = state.catalog.currency
    if showingLines {
      let order = orders[selection]
      var lines = order.items.map { line -> String in
        let price = line.isPaperBag ? "free" : Money.format(line.price * line.quantity, currency: currency)
        return row("\(line.quantity) × \(line.name)", price, width: width)
      }
      lines += ["", row("Total", summary(order, currency: currency), width: width)]
      lines += [""] + "r reorders these at today's prices; Esc goes back".wrapped(toWidth: width)
      OverlayBox.draw(
        title: "order of \(date(order.placedAt, in: state.timeZone))", lines: lines, scroll: 0, into: &grid)
      return
    }
    // Each order with its number (the first placed is #1) and the second it was placed.
    let lines = orders.enumerated().map { index, order in
      row(
        "#\(orders.count - index)  \(date(order.placedAt, in: state.timeZone))",
        summary(order, currency: currency),
        width: width)
    }
    // The selection is drawn plainly inside the reversed box, so it stands out with or without colour.
    let styles: [Int: Style] = [selection: .plain]
    let rows = OverlayBox.frame(in: grid, rows: lines.count).rect.height - 2
    OverlayBox.draw(
      title: "orders, newest first (\(orders.count))", lines: lines,
      scroll: ScreenLayout.firstShownOrder(selection, rows: rows),
      into: &grid, styles: styles)
  }

  /// `2026-12-01 09:14:05` in `timeZone`.
  static func date(_ date: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return
      "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
  }

  /// `3 items, 1.20 EUR`.
  private static func summary(_ order: Order, currency: String) -> String {
    let count = ItemCalculator.totalQuantity(of: order.items)
    return
      "\(count) item\(count == 1 ? "" : "s"), \(Money.format(ItemCalculator.subtotal(of: order.items), currency: currency))"
  }

  /// `left` and `right` at the two ends of a line `width` wide.
  private static func row(_ left: String, _ right: String, width: Int) -> String {
    let left = left.fitted(toWidth: max(1, width - DisplayWidth.of(right) - 2))
    return left
      + String(repeating: " ", count: max(1, width - DisplayWidth.of(left) - DisplayWidth.of(right))) + right
  }
}
