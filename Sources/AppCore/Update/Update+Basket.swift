import Foundation
import Shop

extension AppState {
  /// Focus and the basket pane: Tab between the panes, the wheel and clicks over the basket, and `d`,
  /// which removes the selected line whole.
  mutating func applyToBasket(_ action: AppAction.Basket, effects: inout [AppEffect]) {
    switch action {
    case .focusNext, .focusPrevious:
      focus = focus == .items ? .basket : .items
      selectBasketLine(basketSelection)
    case .focus:
      focus = .basket
      selectBasketLine(basketSelection)
    case .scroll(let lines):
      focus = .basket
      overlay = nil
      selectBasketLine(basketSelection + lines)
    case .click(let row):
      // The pane shows the lines from the top unless it has focus and scrolled; a click gives it focus.
      let first = layout.firstShownBasketLine(
        selection: basketSelection, count: shop.basket.lines.count, focused: focus == .basket)
      focus = .basket
      if shop.basket.lines.indices.contains(first + row) { selectBasketLine(first + row) }
    case .removeLine:
      // Only the basket's lines can be removed whole: in the item list, d does nothing.
      guard focus == .basket else { return }
      let lines = shop.basket.lines
      guard lines.indices.contains(basketSelection) else {
        _ = nothingSelected()
        return
      }
      let line = lines[basketSelection]
      run(.remove(id: line.id, quantity: line.quantity), effects: &effects)
      selectBasketLine(basketSelection)
    }
  }

  /// What a key does while the basket has focus, when it differs from the item list's; false when the
  /// action is the same in both panes.
  mutating func applyInBasket(
    _ action: AppAction.List, count: Int, effects: inout [AppEffect]
  ) -> Bool {
    let lines = shop.basket.lines
    let line = lines.indices.contains(basketSelection) ? lines[basketSelection] : nil
    switch action {
    case .move(let delta): selectBasketLine(basketSelection + delta * count)
    case .page(let direction):
      // A page is the lines the pane shows above its "more lines" row, less one kept in view, as in
      // the item list.
      let shown = layout.basketLineRows - 1
      selectBasketLine(basketSelection + direction * max(1, shown - 1))
    case .top: selectBasketLine(0)
    case .bottom: selectBasketLine(lines.count - 1)
    case .addSelected:
      guard let line else { return nothingSelected() }
      run(.add(id: line.id, quantity: count), effects: &effects)
    case .removeSelected:
      guard let line else { return nothingSelected() }
      run(.remove(id: line.id, quantity: min(count, line.quantity)), effects: &effects)
    default:
      return false
    }
    selectBasketLine(basketSelection)
    return true
  }

  private mutating func nothingSelected() -> Bool {
    say("the basket is empty: Tab goes back to the item list", kind: .error)
    return true
  }

  /// Selects basket line `index`, clamped to the lines there are.
  mutating func selectBasketLine(_ index: Int) {
    basketSelection = max(0, min(index, shop.basket.lines.count - 1))
  }
}
