/// Which key does what, in each of the screen's contexts: the one table behind input, the footer, the
/// help overlay and `--help`.
enum KeyBindings {
  /// Keys of the item list, when it has focus.
  static let items: [KeyBinding] = [
    KeyBinding(
      presses: [
        (.up, .list(.move(-1))), (.character("k"), .list(.move(-1))), (.down, .list(.move(1))),
        (.character("j"), .list(.move(1))),
      ], label: "↑ ↓  k j", meaning: "move the selection",
      hint: nil),
    KeyBinding(
      presses: [(.pageUp, .list(.page(-1))), (.pageDown, .list(.page(1)))], label: "PgUp PgDn",
      meaning: "move a page",
      hint: nil),
    KeyBinding(
      presses: [
        (.home, .list(.top)), (.character("g"), .list(.top)), (.end, .list(.bottom)),
        (.character("G"), .list(.bottom)),
      ],
      label: "g Home  G End",
      meaning: "first, last item",
      hint: nil),
    KeyBinding(
      keys: [.enter, .character("a")], label: "a Enter",
      meaning: "add one of the selected item (5a adds five)",
      hint: "a add", action: .list(.addSelected)),
    KeyBinding(
      keys: [.character("x")], label: "x", meaning: "remove one of the selected item", hint: "x remove",
      action: .list(.removeSelected)),
    KeyBinding(
      keys: [.escape], label: "Esc", meaning: "clear the filter", hint: nil, action: .filter(.clear)),
    KeyBinding(
      keys: [.character("s")], label: "s", meaning: "sort: catalog order, by name, by price", hint: nil,
      action: .list(.cycleOrder)),
  ]

  /// Keys of the basket, when it has focus.
  static let basket: [KeyBinding] = [
    KeyBinding(
      presses: [
        (.up, .list(.move(-1))), (.character("k"), .list(.move(-1))), (.down, .list(.move(1))),
        (.character("j"), .list(.move(1))),
      ], label: "↑ ↓  k j", meaning: "select a line",
      hint: nil),
    KeyBinding(
      presses: [(.pageUp, .list(.page(-1))), (.pageDown, .list(.page(1)))], label: "PgUp PgDn",
      meaning: "move a page of lines", hint: nil),
    KeyBinding(
      presses: [
        (.home, .list(.top)), (.character("g"), .list(.top)), (.end, .list(.bottom)),
        (.character("G"), .list(.bottom)),
      ],
      label: "g Home  G End",
      meaning: "first, last line", hint: nil),
    KeyBinding(
      keys: [.enter, .character("a")], label: "a Enter", meaning: "add one more of the line's item",
      hint: "a add one", action: .list(.addSelected)),
    KeyBinding(
      keys: [.character("x")], label: "x", meaning: "remove one of the line's item", hint: "x remove one",
      action: .list(.removeSelected)),
    KeyBinding(
      keys: [.character("d"), .delete], label: "d Del",
      meaning: "remove the whole line (bags and unavailable items too)",
      hint: "d remove line", action: .basket(.removeLine)),
  ]

  /// Keys that work whichever pane has focus.
  static let everywhere: [KeyBinding] = [
    KeyBinding(
      presses: [(.tab, .basket(.focusNext)), (.backTab, .basket(.focusPrevious))], label: "Tab Shift-Tab",
      meaning: "move the focus between the item list and the basket",
      hint: "Tab basket"),
    KeyBinding(
      keys: [.character("b")], label: "b", meaning: "add a paper bag (free, not on the badge)", hint: "b bag",
      action: .shop(.command(.bag))),
    KeyBinding(
      keys: [.character("r")], label: "r", meaning: "reorder the last order", hint: "r reorder",
      action: .shop(.command(.reorder))),
    KeyBinding(
      keys: [.character("c")], label: "c", meaning: "check out (asks first)", hint: "c checkout",
      action: .shop(.askToCheckOut)),
    KeyBinding(
      keys: [.character("o")], label: "o", meaning: "the order history: see, and reorder, any past order",
      hint: "o orders", action: .overlay(.openHistory)),
    KeyBinding(
      keys: [.character("i")], label: "i", meaning: "details of the selected item (a click on it too)",
      hint: "i details", action: .overlay(.openDetails)),
    KeyBinding(
      keys: [.character("u")], label: "u",
      meaning: "undo the last change to the basket (add, bag, remove, reorder, checkout), 50 steps deep",
      hint: "u undo", action: .shop(.undo)),
    KeyBinding(
      keys: [.control("r")], label: "Ctrl-R",
      meaning: "redo what u took back, step by step, until the next change (a checkout is not redone)",
      hint: nil, action: .shop(.redo)),
    KeyBinding(
      presses: (1...9).map { (Key.character(Character(String($0))), AppAction.countDigit($0)) }, label: "1-9",
      meaning: "a count for the next key: 5a adds five, 3x removes three, 4j moves four", hint: nil),
    KeyBinding(
      keys: [.character("m")], label: "m", meaning: "switch the store: controlled, simple, derived",
      hint: "m mode",
      action: .shop(.switchMode)),
    KeyBinding(
      presses: [
        (.character("+"), .shop(.debounceUp)), (.character("="), .shop(.debounceUp)),
        (.character("-"), .shop(.debounceDown)),
        (.character("_"), .shop(.debounceDown)),
      ], label: "+ -",
      meaning: "debounce interval up, down (100 ms steps, 0 to 5 s)", hint: "+/- debounce"),
    KeyBinding(
      keys: [.character("/")], label: "/", meaning: "filter by name; Enter keeps it, Esc clears",
      hint: "/ filter",
      action: .filter(.begin)),
    KeyBinding(
      keys: [.character(" ")], label: "Space",
      meaning: "pause time: the debounce, the timeline and the countdown wait; keys still act",
      hint: "Space pause",
      action: .time(.togglePause)),
    KeyBinding(
      presses: [(.character("<"), .time(.changePace(-1))), (.character(">"), .time(.changePace(1)))],
      label: "< >",
      meaning: "slow time down, speed it up (1/8x to 1x): watch a 1 s debounce over 8 s", hint: "< > speed"),
    KeyBinding(
      keys: [.character("l")], label: "l",
      meaning:
        "cycle the lanes under sent, the same values through operators: removeDuplicates, throttle 1s latest, throttle 1s first, a three-stage pipeline, none",
      hint: "l lanes", action: .shop(.cycleComparison)),
    KeyBinding(
      keys: [.character(":")], label: ":",
      meaning:
        "a lane pipeline, one lane per stage: removeDuplicates | debounce 500ms (↑ ↓ earlier ones, Enter draws, Esc cancels)",
      hint: nil, action: .lanePrompt(.begin)),
    KeyBinding(
      presses: [(.character("["), .time(.zoom(-1))), (.character("]"), .time(.zoom(1)))], label: "[ ]",
      meaning: "zoom the timeline in, out (5, 10, 30, 60 s)", hint: "[ ] zoom"),
    KeyBinding(
      keys: [.character("p")], label: "p",
      meaning: "presenter layout: the header, a large badge and the timeline",
      hint: "p present", action: .time(.togglePresenter)),
    KeyBinding(
      keys: [.character("L")], label: "L", meaning: "the message log: every message in full", hint: "L log",
      action: .overlay(.openMessages)),
    KeyBinding(
      keys: [.control("l")], label: "Ctrl-L", meaning: "redraw the whole screen", hint: nil, action: .repaint),
    KeyBinding(
      keys: [.character("?"), .help], label: "? F1", meaning: "this help", hint: nil,
      action: .overlay(.openHelp)),
    KeyBinding(
      keys: [.character("q"), .control("c")], label: "q Ctrl-C", meaning: "quit", hint: nil, action: .quit),
  ]

  /// Every table, for the help and for tests that press every key.
  static var all: [KeyBinding] {
    items + basket + everywhere + confirm + confirmUndo + history + help + overlay
  }

  /// The keys of the main screen when `focus` has the focus, its own first.
  static func main(_ focus: Focus) -> [KeyBinding] {
    (focus == .items ? items : basket) + everywhere
  }

  /// The checkout confirmation.
  static let confirm: [KeyBinding] = [
    KeyBinding(
      keys: [.character("y"), .enter], label: "y Enter", meaning: "check out", hint: "y check out",
      action: .shop(.confirmCheckout)),
    KeyBinding(
      keys: [.character("n"), .escape], label: "n Esc", meaning: "keep shopping", hint: "n cancel",
      action: .overlay(.close)),
  ]

  /// The question before undoing a checkout.
  static let confirmUndo: [KeyBinding] = [
    KeyBinding(
      keys: [.character("y"), .enter], label: "y Enter", meaning: "undo the checkout: the order is deleted",
      hint: "y undo it", action: .shop(.confirmUndoCheckout)),
    KeyBinding(
      keys: [.character("n"), .escape], label: "n Esc", meaning: "keep the order", hint: "n keep it",
      action: .overlay(.close)),
  ]

  /// The order history.
  static let history: [KeyBinding] = [
    KeyBinding(
      presses: [
        (.up, .overlay(.scroll(-1))), (.character("k"), .overlay(.scroll(-1))), (.down, .overlay(.scroll(1))),
        (.character("j"), .overlay(.scroll(1))),
      ], label: "↑ ↓  k j", meaning: "select an order",
      hint: "j k select"),
    KeyBinding(
      keys: [.enter], label: "Enter", meaning: "show the order's lines", hint: "Enter lines",
      action: .overlay(.showOrderLines)),
    KeyBinding(
      keys: [.character("r")], label: "r", meaning: "reorder that order, at today's prices",
      hint: "r reorder",
      action: .overlay(.reorderSelectedOrder)),
    KeyBinding(
      keys: [.escape, .character("o")], label: "Esc", meaning: "back", hint: "Esc back",
      action: .overlay(.close)
    ),
    KeyBinding(
      keys: [.character("q"), .control("c")], label: "q", meaning: "quit", hint: "q quits", action: .quit),
  ]

  /// The help's own keys, before those of every scrolling overlay.
  static let help: [KeyBinding] = [
    KeyBinding(
      keys: [.character("/")], label: "/", meaning: "search the help (Enter keeps it, Esc goes back)",
      hint: "/ search", action: .helpSearch(.begin)),
    KeyBinding(
      keys: [.character("n")], label: "n", meaning: "the next line the search found", hint: nil,
      action: .helpSearch(.next(forward: true))),
    KeyBinding(
      keys: [.character("N")], label: "N", meaning: "the previous line the search found", hint: nil,
      action: .helpSearch(.next(forward: false))),
  ]

  /// A scrolling overlay: the help or the message log.
  static let overlay: [KeyBinding] = [
    KeyBinding(
      presses: [
        (.up, .overlay(.scroll(-1))), (.character("k"), .overlay(.scroll(-1))), (.down, .overlay(.scroll(1))),
        (.character("j"), .overlay(.scroll(1))),
      ], label: "↑ ↓  k j",
      meaning: "scroll a line (9j nine lines)", hint: "j k scroll"),
    KeyBinding(
      presses: [
        (.pageUp, .overlay(.scrollHalfPages(-2))), (.control("b"), .overlay(.scrollHalfPages(-2))),
        (.pageDown, .overlay(.scrollHalfPages(2))), (.character(" "), .overlay(.scrollHalfPages(2))),
        (.control("f"), .overlay(.scrollHalfPages(2))),
      ],
      label: "PgUp PgDn Space", meaning: "a page up, down (Ctrl-B, Ctrl-F too)", hint: "PgDn page"),
    KeyBinding(
      presses: [
        (.control("u"), .overlay(.scrollHalfPages(-1))), (.control("d"), .overlay(.scrollHalfPages(1))),
      ],
      label: "Ctrl-U Ctrl-D", meaning: "half a page up, down",
      hint: nil),
    KeyBinding(
      presses: [
        (.home, .overlay(.scrollToEnd(false))), (.character("g"), .overlay(.scrollToEnd(false))),
        (.end, .overlay(.scrollToEnd(true))), (.character("G"), .overlay(.scrollToEnd(true))),
      ], label: "g Home  G End",
      meaning: "the top, the end",
      hint: nil),
    KeyBinding(
      presses: (1...9).map { (Key.character(Character(String($0))), AppAction.countDigit($0)) }, label: "1-9",
      meaning: "a count for j and k",
      hint: nil),
    KeyBinding(
      keys: [.escape, .character("?"), .character("L"), .enter], label: "Esc", meaning: "close",
      hint: "Esc closes", action: .overlay(.close)),
    KeyBinding(
      keys: [.character("q"), .control("c")], label: "q", meaning: "quit", hint: "q quits", action: .quit),
  ]

  /// As many of the main screen's hints for `focus` as fit in `width` columns after `prefix`, always
  /// ending with help and quit.
  /// `reorder`, when given, says what `r` would add (`3 items, 1.20 EUR`).
  static func footer(width: Int, focus: Focus = .items, prefix: String = "", reorder: String? = nil) -> String
  {
    let ending = "? help  q quit"
    // What comes first (a count, the filter) gives way before the way to help and out does.
    let prefix =
      DisplayWidth.of(prefix) + DisplayWidth.of(ending) + 1 > width
      ? prefix.fitted(toWidth: max(0, width - DisplayWidth.of(ending) - 3)) + "  " : prefix
    // Each hint with its short form, if it has a longer one (`r reorder (3 items, 1.20 EUR)`).
    let all = main(focus).compactMap(\.hint).map { hint -> [String] in
      switch hint {
      case "Tab basket" where focus == .basket: ["Tab items"]
      case "r reorder": (reorder.map { ["r reorder (\($0))"] } ?? []) + [hint]
      default: [hint]
      }
    }
    // Chosen by importance, the most important first, in their short forms; a long form is worth less
    // than the store switch and more than what follows it. Shown in the table's order.
    // Without an order, r has nothing to put back: its hint comes last.
    let rank = { (hint: String) in
      reorder == nil && hint.hasPrefix("r ") ? footerImportance.count : Self.rank(hint)
    }
    let ranked = all.indices.sorted { (rank(all[$0].last!), $0) < (rank(all[$1].last!), $1) }
    var steps = ranked.map { (index: $0, form: all[$0].last!) }
    let longForms = ranked.filter { all[$0].count > 1 }.map { (index: $0, form: all[$0].first!) }
    let afterSwitch = steps.firstIndex { rank($0.form) > rank("m") } ?? steps.count
    steps.insert(contentsOf: longForms, at: afterSwitch)
    var chosen: [Int: String] = [:]
    var used = DisplayWidth.of(prefix) + 1 + DisplayWidth.of(ending)
    for step in steps {
      let extra =
        chosen[step.index].map { DisplayWidth.of(step.form) - DisplayWidth.of($0) } ?? DisplayWidth.of(
          step.form) + 2
      guard used + extra <= width, chosen[step.index] != nil || all[step.index].last == step.form else {
        continue
      }
      chosen[step.index] = step.form
      used += extra
    }
    let hints = chosen.keys.sorted().map { chosen[$0]! }
    return " " + prefix + (hints + [ending]).joined(separator: "  ")
  }

  /// The footer's hints, most important first: what the demo needs (add, reorder once there is an
  /// order, checkout, the way between the panes, remove, the store switch) before the rest; a hint not
  /// named here comes last.
  static let footerImportance = [
    "a", "r", "c", "Tab", "x", "d", "m", "b", "u", "/", "o", "+/-", "p", "Space", "l", "i", "[", "<", "L",
  ]

  /// Where `hint` (by its key, the first word) ranks in ``footerImportance``.
  private static func rank(_ hint: String) -> Int {
    let key = hint.split(separator: " ").first.map(String.init) ?? hint
    return footerImportance.firstIndex(of: key) ?? footerImportance.count
  }

  /// The hints of `bindings` that fit in `width` columns, for the footer of an overlay: the last two
  /// (the way back and the way out) always, the others while they fit.
  static func hints(_ bindings: [KeyBinding], width: Int = .max) -> String {
    let all = bindings.compactMap(\.hint)
    let kept = Array(all.suffix(2))
    var chosen: [String] = []
    for hint in all.dropLast(2) {
      let candidate = (chosen + [hint] + kept).joined(separator: "  ")
      if 1 + DisplayWidth.of(candidate) <= width { chosen.append(hint) }
    }
    return " " + (chosen + kept).joined(separator: "  ")
  }

  /// The action for `event`, given what the screen is doing; `nil` for input that does nothing here.
  static func action(for event: InputEvent, in state: AppState) -> AppAction? {
    switch event {
    case .resize(let width, let height): return .resize(width: width, height: height)
    case .key(.interrupt): return .quit
    case .notice(let text): return .showNotice(text)
    default: break
    }
    // A window too small for the layout shows only `too small`: nothing acts unseen there.
    guard state.layout.fits else {
      guard case .key(let key) = event, let action = action(for: key, in: everywhere),
        action == .quit || action == .repaint
      else { return nil }
      return action
    }
    if let overlay = state.overlay {
      // The second press of a double-click on an item: its first opened the details.
      if case .details = overlay, case .doubleClick = event {
      } else {
        return action(for: event, over: overlay, in: state)
      }
    }
    if state.lanePrompt != nil { return promptAction(for: event) }
    if state.list.isEditingFilter { return filterAction(for: event) }
    switch event {
    case .key(.character("0")) where state.countPrefix != nil: return .countDigit(0)
    case .key(let key): return action(for: key, in: main(state.focus))
    case .paste(let text): return .ignorePaste(characters: text.count)
    case .click(let x, let y), .doubleClick(let x, let y):
      // A click acts on what is drawn where it lands: a row of the item list, or a line of the basket.
      let layout = state.layout
      if let basket = layout.basket, basket.contains(x: x, y: y) {
        return y > basket.origin.y ? .basket(.click(row: y - basket.origin.y - 1)) : .basket(.focus)
      }
      let list = layout.list
      guard state.focus == .items || layout.basket != nil, list.contains(x: x, y: y) else { return nil }
      let row = y - list.origin.y
      if case .doubleClick = event { return .list(.addAt(row: row)) }
      // A click on the item already selected shows its details.
      if state.focus == .items, state.list.scroll + row == state.list.selection, state.selectedItem != nil {
        return .overlay(.openDetails)
      }
      return .list(.select(row: row))
    case .scroll(let x, let y, let lines):
      if let basket = state.layout.basket, basket.contains(x: x, y: y) { return .basket(.scroll(lines)) }
      let list = state.layout.list
      guard (list.origin.x..<(list.origin.x + list.width)).contains(x),
        (list.origin.y..<(list.origin.y + list.height)).contains(y)
      else { return nil }
      return .list(.scroll(lines))
    case .resize, .notice: return nil
    }
  }

  private static func action(for event: InputEvent, over overlay: Overlay, in state: AppState) -> AppAction? {
    switch (overlay, event) {
    case (.history(let selection, false), .click(let x, let y)),
      (.history(let selection, false), .doubleClick(let x, let y)):
      // A click on an order selects it; on the order already selected, it shows its lines.
      guard
        let index = state.layout.historyOrder(
          at: x, y, selection: selection, count: state.shop.orders.count)
      else { return nil }
      return index == selection ? .overlay(.showOrderLines) : .overlay(.selectOrder(index))
    case (.history(_, false), .scroll(_, _, let lines)): return .overlay(.scroll(lines))
    case (.confirmCheckout, .key(let key)): return action(for: key, in: confirm)
    case (.confirmUndoCheckout, .key(let key)): return action(for: key, in: confirmUndo)
    case (.help, .key(let key)) where state.helpSearch?.isEditing == true:
      return helpSearchAction(for: key)
    case (.help, .paste(let text)) where state.helpSearch?.isEditing == true:
      return .helpSearch(.paste(text))
    case (.help, .key(let key)):
      return action(for: key, in: help) ?? action(for: key, in: self.overlay)
    case (.messages, .key(let key)), (.details, .key(let key)):
      return action(for: key, in: self.overlay)
    case (.history, .key(let key)): return action(for: key, in: history)
    case (.help, .scroll(_, _, let lines)), (.messages, .scroll(_, _, let lines)):
      return .overlay(.scroll(lines))
    default: return nil
    }
  }

  /// The keys of the lane prompt: text, ↑ ↓ for earlier pipelines, Enter, Esc.
  private static func promptAction(for event: InputEvent) -> AppAction? {
    switch event {
    case .key(.escape): return .lanePrompt(.cancel)
    case .key(.enter): return .lanePrompt(.submit)
    case .key(.up): return .lanePrompt(.recall(1))
    case .key(.down): return .lanePrompt(.recall(-1))
    case .key(.backspace), .key(.delete): return .lanePrompt(.backspace)
    case .key(.character(let character)): return .lanePrompt(.type(character))
    case .paste(let text): return .lanePrompt(.paste(text))
    default: return nil
    }
  }

  /// The keys of the help's search while it is typed: text, Backspace, Enter, Esc.
  private static func helpSearchAction(for key: Key) -> AppAction? {
    switch key {
    case .escape: .helpSearch(.cancel)
    case .enter: .helpSearch(.finish)
    case .backspace, .delete: .helpSearch(.backspace)
    case .character(let character): .helpSearch(.type(character))
    default: nil
    }
  }

  private static func filterAction(for event: InputEvent) -> AppAction? {
    switch event {
    case .key(.escape): return .filter(.clear)
    case .key(.enter), .key(.up), .key(.down), .key(.tab): return .filter(.finish)
    case .key(.backspace), .key(.delete): return .filter(.backspace)
    case .key(.character(let character)): return .filter(.type(character))
    case .paste(let text): return .filter(.paste(text))
    default: return nil
    }
  }

  /// The action of `key` among `bindings`: the first binding that has the key says what it does.
  private static func action(for key: Key, in bindings: [KeyBinding]) -> AppAction? {
    for binding in bindings {
      if let action = binding.action(for: key) { return action }
    }
    return nil
  }
}
