import Foundation
import Shop

extension AppState {
  /// The overlays: opening and closing the help, the message log, the order history and the details, and scrolling them (by `count` lines where a count applies).
  mutating func applyToOverlay(_ action: AppAction.Overlays, count: Int, effects: inout [AppEffect]) {
    switch action {
    case .openHelp:
      overlay = .help(scroll: 0)
      helpSearch = nil
    case .openMessages:
      overlay = .messages(scroll: 0)
    case .openHistory:
      guard !shop.orders.isEmpty else { return say("no orders yet: c checks out the basket", kind: .info) }
      overlay = .history(selection: 0, showingLines: false)
    case .showOrderLines:
      if case .history(let selection, _) = overlay {
        overlay = .history(selection: selection, showingLines: true)
      }
    case .selectOrder(let index):
      if case .history(_, false) = overlay, shop.orders.indices.contains(index) {
        overlay = .history(selection: index, showingLines: false)
      }
    case .reorderSelectedOrder:
      guard case .history(let selection, _) = overlay else { return }
      overlay = nil
      run(.reorderOrder(shop.orders.count - 1 - selection), effects: &effects)
    case .openDetails:
      let lines = shop.basket.lines
      if focus == .basket, lines.indices.contains(basketSelection) {
        overlay = .details(itemID: lines[basketSelection].id)
      } else if let item = selectedItem {
        overlay = .details(itemID: item.id)
      }
    case .scroll(let lines):
      scrollOverlay(by: lines * count)
    case .scrollHalfPages(let halves):
      scrollOverlay(by: halves * max(1, overlayScrollRange().rows / 2))
    case .scrollToEnd(let toEnd):
      scrollOverlay(by: toEnd ? Int.max / 2 : -(Int.max / 2))
    case .close:
      helpSearch = nil
      switch overlay {
      case .confirmCheckout:
        say("checkout cancelled: the basket is as it was", kind: .info)
        overlay = nil
      case .confirmUndoCheckout:
        say("undo cancelled: the order stays placed", kind: .info)
        overlay = nil
      case .history(let selection, true):
        overlay = .history(selection: selection, showingLines: false)
      default:
        overlay = nil
      }
    }
  }

  /// How far the help or the message log can scroll (its lines less the rows its box shows), and how
  /// many rows the box shows.
  private func overlayScrollRange() -> (limit: Int, rows: Int) {
    let textWidth = layout.overlayTextWidth
    let count: Int
    switch overlay {
    case .help: count = OverlayText.help(self, width: textWidth).count
    case .messages: count = OverlayText.messageLog(self, width: textWidth).lines.count
    default: return (0, 0)
    }
    let rows = layout.overlay(rows: count).textRows
    return (max(0, count - rows), rows)
  }

  /// Scrolls the open overlay by `lines`, kept within its text (the history moves its selection).
  private mutating func scrollOverlay(by lines: Int) {
    // Kept within the text, so that a key back up acts at once after G or a long scroll down.
    let limit = overlayScrollRange().limit
    switch overlay {
    case .help(let scroll): overlay = .help(scroll: max(0, min(limit, scroll + lines)))
    case .messages(let scroll): overlay = .messages(scroll: max(0, min(limit, scroll + lines)))
    case .history(let selection, false):
      overlay = .history(
        selection: max(0, min(selection + lines, shop.orders.count - 1)), showingLines: false)
    case .history(_, true), .details, .confirmCheckout, .confirmUndoCheckout, nil: break
    }
  }
}
