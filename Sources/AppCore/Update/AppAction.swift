/// What an input asks for, once ``KeyBindings`` has read it in the light of what the screen is doing.
enum AppAction: Equatable {
  case move(Int)
  case page(Int)
  case top
  case bottom
  case addSelected
  case removeSelected
  case removeLine
  case focusNext
  case focusPrevious
  case countDigit(Int)
  case command(ShopCommand)
  case switchMode
  case debounceUp
  case debounceDown
  case beginFilter
  case filterType(Character)
  case filterPaste(String)
  case filterBackspace
  case finishFilter
  case clearFilter
  case cycleOrder
  case ignorePaste(characters: Int)
  case showNotice(String)
  case openHelp
  case openMessages
  case openHistory
  case openDetails
  case showOrderLines
  /// Begin a search through the help (`/`).
  case beginHelpSearch
  /// A character typed into the help's search.
  case helpSearchType(Character)
  /// Text pasted into the help's search.
  case helpSearchPaste(String)
  /// Take back the search's last character.
  case helpSearchBackspace
  /// Keep what the search found (Enter): `n` and `N` then go to the next and previous line holding it.
  case finishHelpSearch
  /// Leave the search while typing it (Esc): the help goes back to where it was.
  case cancelHelpSearch
  /// Go to the next line that holds the search's text (`n`), or the previous one (`N`), round the end.
  case nextHelpMatch(forward: Bool)
  /// Select the order at this place in the history, counted from the newest (a click on its row).
  case selectOrder(Int)
  case reorderSelectedOrder
  case scrollOverlay(Int)
  case closeOverlay
  case askToCheckOut
  case undo
  /// Redo what the last undo took back.
  case redo
  case confirmCheckout
  /// Undo a checkout after all (the answer to "undo the checkout?").
  case confirmUndoCheckout
  /// Scroll the help or the message log by pages: a whole page per 2, half a page per 1.
  case scrollOverlayHalfPages(Int)
  /// Scroll the help or the message log to its top, or to its end.
  case scrollOverlayToEnd(Bool)
  case select(row: Int)
  case clickBasket(row: Int)
  /// The wheel turned over the basket: its selection moves by that many lines, and it takes focus.
  case scrollBasket(Int)
  case focusBasket
  case addAt(row: Int)
  case scrollList(Int)
  case resize(width: Int, height: Int)
  case repaint
  case zoom(Int)
  case togglePause
  case changePace(Int)
  case togglePresenter
  case cycleComparison
  case beginLanePrompt
  case promptType(Character)
  case promptPaste(String)
  case promptBackspace
  case promptRecall(Int)
  case submitLanePrompt
  case cancelLanePrompt
  case quit
}
