/// What an input asks for, once ``KeyBindings`` has read it in the light of what the screen is doing:
/// one case per feature, each carrying that feature's own action, for its reducer under `Update/`, and
/// the few that belong to the whole app.
enum AppAction: Equatable {
  /// The item list: moving the selection, adding and removing, sorting (`Update+List.swift`).
  case list(List)
  /// The name filter (`/`): typing, keeping and clearing it (`Update+List.swift`).
  case filter(Filter)
  /// The basket pane: focus, its own keys, the wheel and clicks over it (`Update+Basket.swift`).
  case basket(Basket)
  /// The overlays: the help, the message log, the order history, the details (`Update+Overlays.swift`).
  case overlay(Overlays)
  /// The help's search (`/` in the help, `n`, `N`) (`Update+HelpSearch.swift`).
  case helpSearch(HelpSearch)
  /// The lane pipeline's prompt (`:`) (`Update+LanePrompt.swift`).
  case lanePrompt(LanePrompt)
  /// Time and presentation: pause, pace, zoom, the presenter layout (`Update+Time.swift`).
  case time(Time)
  /// The shop's commands from keys: writes, the store and the debounce, checkout, undo
  /// (`Update+ShopCommands.swift`).
  case shop(ShopCommands)
  /// A digit of a count for the next key (`5a`).
  case countDigit(Int)
  /// Leave the app.
  case quit
  /// Redraw the whole screen (Ctrl-L).
  case repaint
  /// Say `text` as a refusal, such as a key the terminal sent that means nothing here.
  case showNotice(String)
  /// A paste arrived where pasted text goes nowhere: it is dropped, and the status says so.
  case ignorePaste(characters: Int)
  /// The window has a new size.
  case resize(width: Int, height: Int)
}

extension AppAction {
  /// What a key, a click or the wheel does to the item list (and, with the basket focused, to it
  /// instead: see ``AppState/applyInBasket(_:count:effects:)``).
  enum List: Equatable {
    /// Move the selection by this many rows (times the count).
    case move(Int)
    /// Move the selection by pages: -1 up, 1 down.
    case page(Int)
    /// Select the first row.
    case top
    /// Select the last row.
    case bottom
    /// Select the item on this row of the list (a click).
    case select(row: Int)
    /// Add the item on this row (a double click).
    case addAt(row: Int)
    /// The wheel: scroll the list by this many rows.
    case scroll(Int)
    /// Add the count of the selected item (`a`, Enter).
    case addSelected
    /// Remove the count of the selected item (`x`).
    case removeSelected
    /// Sort by the next order: catalog, name, price (`s`).
    case cycleOrder
  }

  /// What a key does to the name filter while it is open.
  enum Filter: Equatable {
    /// Open the filter (`/`).
    case begin
    /// A character typed into it.
    case type(Character)
    /// Text pasted into it.
    case paste(String)
    /// Take back its last character.
    case backspace
    /// Keep it and go back to the list (Enter, an arrow, Tab).
    case finish
    /// Clear it (Esc).
    case clear
  }

  /// What moves the focus to, from or within the basket pane.
  enum Basket: Equatable {
    /// Tab: the focus to the other pane.
    case focusNext
    /// Shift-Tab: the focus to the other pane.
    case focusPrevious
    /// A click on the pane's title: the focus to the basket.
    case focus
    /// The wheel over the basket: its selection moves by that many lines, and it takes focus.
    case scroll(Int)
    /// A click on this row of the pane's lines: it takes focus and selects that line.
    case click(row: Int)
    /// Remove the selected line whole (`d`, Del), only while the basket has focus.
    case removeLine
  }

  /// What opens, scrolls or closes an overlay.
  enum Overlays: Equatable {
    /// Open the help (`?`, F1).
    case openHelp
    /// Open the message log (`L`).
    case openMessages
    /// Open the order history (`o`).
    case openHistory
    /// Open the details of the selected item or basket line (`i`, a click on the selection).
    case openDetails
    /// Show the lines of the order selected in the history (Enter, a click on it).
    case showOrderLines
    /// Select the order at this place in the history, counted from the newest (a click on its row).
    case selectOrder(Int)
    /// Put the order selected in the history back in the basket (`r` there).
    case reorderSelectedOrder
    /// Scroll the help or the message log by lines (times the count); move the history's selection.
    case scroll(Int)
    /// Scroll the help or the message log by pages: a whole page per 2, half a page per 1.
    case scrollHalfPages(Int)
    /// Scroll the help or the message log to its top (false), or to its end (true).
    case scrollToEnd(Bool)
    /// Close the overlay (Esc), or go back from an order's lines to the history.
    case close
  }

  /// What a key does to the search through the help.
  enum HelpSearch: Equatable {
    /// Begin a search (`/` in the help).
    case begin
    /// A character typed into the search.
    case type(Character)
    /// Text pasted into the search.
    case paste(String)
    /// Take back the search's last character.
    case backspace
    /// Keep what the search found (Enter): `n` and `N` then go to the next and previous line holding it.
    case finish
    /// Leave the search while typing it (Esc): the help goes back to where it was.
    case cancel
    /// Go to the next line that holds the search's text (`n`), or the previous one (`N`), round the end.
    case next(forward: Bool)
  }

  /// What a key does to the lane pipeline's prompt.
  enum LanePrompt: Equatable {
    /// Open the prompt (`:`).
    case begin
    /// A character typed into it.
    case type(Character)
    /// Text pasted into it.
    case paste(String)
    /// Take back its last character.
    case backspace
    /// Recall an earlier pipeline: 1 goes back one (↑), -1 forward (↓).
    case recall(Int)
    /// Draw the pipeline typed, one lane per stage (Enter).
    case submit
    /// Close the prompt without changing the lanes (Esc).
    case cancel
  }

  /// What a key does to time and to how the screen presents it.
  enum Time: Equatable {
    /// Zoom the timeline: -1 in, 1 out (`[`, `]`).
    case zoom(Int)
    /// Stop time, or let it run again (Space).
    case togglePause
    /// Slow time down (-1) or speed it up (1) (`<`, `>`).
    case changePace(Int)
    /// The presenter layout on or off (`p`).
    case togglePresenter
  }

  /// The shop's commands a key gives.
  enum ShopCommands: Equatable {
    /// A command as a script line would give it (`b` a bag, `r` a reorder).
    case command(ShopCommand)
    /// The next quantity store: controlled, simple, derived (`m`).
    case switchMode
    /// A longer debounce interval (`+`).
    case debounceUp
    /// A shorter debounce interval (`-`).
    case debounceDown
    /// The next preset of comparison lanes (`l`).
    case cycleComparison
    /// Ask before checking out (`c`), or say why the basket cannot be.
    case askToCheckOut
    /// The answer yes to the checkout's question.
    case confirmCheckout
    /// Undo the last change (`u`), asking first when it would undo a checkout.
    case undo
    /// Undo a checkout after all (the answer to "undo the checkout?").
    case confirmUndoCheckout
    /// Redo what the last undo took back (Ctrl-R).
    case redo
  }
}
