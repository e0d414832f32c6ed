/// One key binding: the keys that trigger it, how the help and the footer name them, and what it does.
struct KeyBinding: Equatable {
  /// The keys, any of which triggers it.
  let keys: [Key]
  /// How the help names the keys, e.g. `a Enter`.
  let label: String
  /// What the help says it does.
  let meaning: String
  /// The footer's short hint, e.g. `a add`; `nil` for a key the footer does not show.
  let hint: String?
  /// What it asks for.
  let action: AppAction
}

/// Which key does what, in each of the screen's contexts: the one table behind input, the footer, the
/// help overlay and `--help`.
enum KeyBindings {
  /// The main screen: the item list and the shop.
  static let main: [KeyBinding] = [
    KeyBinding(
      keys: [.up, .character("k"), .down, .character("j")], label: "↑ ↓  k j",
      meaning: "move the selection", hint: nil, action: .move(0)),
    KeyBinding(
      keys: [.pageUp, .pageDown], label: "PgUp PgDn", meaning: "move a page", hint: nil, action: .page(0)),
    KeyBinding(
      keys: [.home, .character("g"), .end, .character("G")], label: "g Home  G End",
      meaning: "first, last item", hint: nil, action: .top),
    KeyBinding(
      keys: [.enter, .character("a")], label: "a Enter", meaning: "add one of the selected item",
      hint: "a add", action: .addSelected),
    KeyBinding(
      keys: [.character("b")], label: "b", meaning: "add a paper bag (free, not on the badge)",
      hint: "b bag", action: .command(.bag)),
    KeyBinding(
      keys: [.character("r")], label: "r", meaning: "reorder the last order", hint: "r reorder",
      action: .command(.reorder)),
    KeyBinding(
      keys: [.character("m")], label: "m", meaning: "switch controlled / simple store", hint: "m mode",
      action: .switchMode),
    KeyBinding(
      keys: [.character("+"), .character("="), .character("-"), .character("_")], label: "+ -",
      meaning: "debounce interval up, down (100 ms steps)", hint: "+/- debounce", action: .debounceUp),
    KeyBinding(
      keys: [.character("x")], label: "x", meaning: "remove one of the selected item", hint: "x remove",
      action: .removeSelected),
    KeyBinding(
      keys: [.character("c")], label: "c", meaning: "check out (asks first)", hint: "c checkout",
      action: .askToCheckOut),
    KeyBinding(
      keys: [.character("/")], label: "/", meaning: "filter by name; Enter keeps it, Esc clears",
      hint: "/ filter", action: .beginFilter),
    KeyBinding(keys: [.escape], label: "Esc", meaning: "clear the filter", hint: nil, action: .clearFilter),
    KeyBinding(
      keys: [.character("s")], label: "s", meaning: "sort: catalog order, by name, by price", hint: nil,
      action: .cycleOrder),
    KeyBinding(
      keys: [.character("L")], label: "L", meaning: "the message log: every message in full",
      hint: "L log", action: .openMessages),
    KeyBinding(
      keys: [.control("l")], label: "Ctrl-L", meaning: "redraw the whole screen", hint: nil,
      action: .repaint),
    KeyBinding(keys: [.character("?")], label: "?", meaning: "this help", hint: nil, action: .openHelp),
    KeyBinding(
      keys: [.character("q"), .control("c")], label: "q Ctrl-C", meaning: "quit", hint: nil,
      action: .quit),
  ]

  /// The checkout confirmation.
  static let confirm: [KeyBinding] = [
    KeyBinding(
      keys: [.character("y"), .enter], label: "y Enter", meaning: "check out", hint: "y check out",
      action: .confirmCheckout),
    KeyBinding(
      keys: [.character("n"), .escape], label: "n Esc", meaning: "keep shopping", hint: "n cancel",
      action: .closeOverlay),
  ]

  /// A scrolling overlay: the help or the message log.
  static let overlay: [KeyBinding] = [
    KeyBinding(
      keys: [.up, .character("k"), .down, .character("j")], label: "↑ ↓  k j", meaning: "scroll",
      hint: "j k scroll", action: .scrollOverlay(0)),
    KeyBinding(
      keys: [.escape, .character("?"), .character("L"), .enter], label: "Esc", meaning: "close",
      hint: "Esc closes", action: .closeOverlay),
    KeyBinding(
      keys: [.character("q"), .control("c")], label: "q", meaning: "quit", hint: "q quits", action: .quit),
  ]

  /// As many of the main screen's hints as fit in `width` columns after `prefix`, always ending with
  /// help and quit.
  static func footer(width: Int, prefix: String = "") -> String {
    let ending = "? help  q quit"
    var hints: [String] = []
    for hint in main.compactMap(\.hint) {
      let candidate = (hints + [hint, ending]).joined(separator: "  ")
      guard DisplayWidth.of(prefix) + 1 + DisplayWidth.of(candidate) <= width else { break }
      hints.append(hint)
    }
    return " " + prefix + (hints + [ending]).joined(separator: "  ")
  }

  /// The hints of `bindings`, for the footer of an overlay.
  static func hints(_ bindings: [KeyBinding]) -> String {
    " " + bindings.compactMap(\.hint).joined(separator: "  ")
  }

  /// The action for `event`, given what the screen is doing; `nil` for input that does nothing here.
  static func action(for event: InputEvent, in state: AppState) -> AppAction? {
    switch event {
    case .resize(let width, let height): return .resize(width: width, height: height)
    case .key(.interrupt): return .quit
    default: break
    }
    // A window too small for the layout shows only `too small`: nothing acts unseen there.
    guard state.layout.fits else {
      guard case .key(let key) = event, let binding = main.first(where: { $0.keys.contains(key) }),
        binding.action == .quit || binding.action == .repaint
      else { return nil }
      return binding.action
    }
    if let overlay = state.overlay { return action(for: event, over: overlay) }
    if state.list.isEditingFilter { return filterAction(for: event) }
    switch event {
    case .key(let key): return action(for: key, in: main)
    case .paste(let text): return .ignorePaste(characters: text.count)
    case .click(let x, let y), .doubleClick(let x, let y):
      // A click acts on what is drawn where it lands: only the item list's rows take clicks.
      let list = state.layout.list
      guard (list.origin.x..<(list.origin.x + list.width)).contains(x),
        (list.origin.y..<(list.origin.y + list.height)).contains(y)
      else { return nil }
      let row = y - list.origin.y
      if case .doubleClick = event { return .addAt(row: row) }
      return .select(row: row)
    case .scroll(let x, let y, let lines):
      let list = state.layout.list
      guard (list.origin.x..<(list.origin.x + list.width)).contains(x),
        (list.origin.y..<(list.origin.y + list.height)).contains(y)
      else { return nil }
      return .scrollList(lines)
    case .resize: return nil
    }
  }

  private static func action(for event: InputEvent, over overlay: Overlay) -> AppAction? {
    switch (overlay, event) {
    case (.confirmCheckout, .key(let key)): return action(for: key, in: confirm)
    case (.help, .key(let key)), (.messages, .key(let key)): return action(for: key, in: self.overlay)
    case (.help, .scroll(_, _, let lines)), (.messages, .scroll(_, _, let lines)):
      return .scrollOverlay(lines)
    default: return nil
    }
  }

  private static func filterAction(for event: InputEvent) -> AppAction? {
    switch event {
    case .key(.escape): return .clearFilter
    case .key(.enter), .key(.up), .key(.down), .key(.tab): return .finishFilter
    case .key(.backspace), .key(.delete): return .filterBackspace
    case .key(.character(let character)): return .filterType(character)
    case .paste(let text): return .filterPaste(text)
    default: return nil
    }
  }

  /// The action of `key` among `bindings`; the bindings that stand for a direction (move, page, first
  /// and last, debounce up and down, scroll) take it from which of their keys was pressed.
  private static func action(for key: Key, in bindings: [KeyBinding]) -> AppAction? {
    guard let binding = bindings.first(where: { $0.keys.contains(key) }) else { return nil }
    let forward = binding.keys.firstIndex(of: key)! >= binding.keys.count / 2
    switch binding.action {
    case .move: return .move(forward ? 1 : -1)
    case .page: return .page(forward ? 1 : -1)
    case .top: return forward ? .bottom : .top
    case .debounceUp: return forward ? .debounceDown : .debounceUp
    case .scrollOverlay: return .scrollOverlay(forward ? 1 : -1)
    default: return binding.action
    }
  }
}
