import Shop

/// The view half of the app: draws the whole screen into a grid from the app state. It reads and never
/// writes; the same state always gives the same grid.
public enum Screen {
  /// The screen for `state`.
  public static func render(_ state: AppState) -> Grid {
    var grid = Grid(width: state.width, height: state.height)
    let layout = state.layout
    guard layout.fits else {
      TooSmallView.draw(into: &grid)
      return grid
    }
    HeaderView.draw(state, layout: layout, into: &grid)
    // A box covers everything between the header and the footer, in either layout: nothing under it
    // is drawn, and what a key answers (a checkout's y) is always on screen.
    if let overlay = state.overlay {
      FooterView.draw(state, layout: layout, into: &grid)
      drawOverlay(overlay, state, into: &grid)
      return grid
    }
    if state.isPresenting {
      PresenterView.draw(state, layout: layout, into: &grid)
      StatusBarView.draw(state, layout: layout, into: &grid)
      FooterView.draw(state, layout: layout, into: &grid)
      return grid
    }
    if let pane = layout.basket {
      ItemListView.draw(state, layout: layout, into: &grid)
      BasketView.draw(state, in: pane, into: &grid)
    } else if state.focus == .basket {
      // Too narrow for both: the focused basket takes the list's place.
      let list = layout.list
      BasketView.draw(
        state, in: GridRect(x: 0, y: layout.listTitleRow, width: list.width, height: list.height + 1),
        into: &grid)
    } else {
      ItemListView.draw(state, layout: layout, into: &grid)
    }
    let timeline = layout.timelinePane
    TimelineView.draw(state, in: timeline.rect, density: timeline.density, into: &grid)
    StatusBarView.draw(state, layout: layout, into: &grid)
    FooterView.draw(state, layout: layout, into: &grid)
    return grid
  }

  private static func drawOverlay(_ overlay: Overlay, _ state: AppState, into grid: inout Grid) {
    switch overlay {
    case .help(let scroll): HelpOverlay.draw(state, scroll: scroll, into: &grid)
    case .messages(let scroll): MessageLogView.draw(state, scroll: scroll, into: &grid)
    case .confirmCheckout: ConfirmCheckoutView.draw(state, into: &grid)
    case .confirmUndoCheckout: ConfirmCheckoutView.drawUndo(state, into: &grid)
    case .history(let selection, let showingLines):
      HistoryView.draw(state, selection: selection, showingLines: showingLines, into: &grid)
    case .details(let itemID): DetailsView.draw(state, itemID: itemID, into: &grid)
    }
  }
}
