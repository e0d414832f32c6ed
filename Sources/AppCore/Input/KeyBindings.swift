/// Which key does what: the one table that input, the footer, the help overlay and `--help` share.
enum KeyBindings {
  /// One line of help: the keys and what they do.
  struct Entry: Equatable {
    let keys: String
    let meaning: String
  }

  /// Every key, in the order the help shows them.
  static let entries: [Entry] = [
    Entry(keys: "↑ ↓  k j", meaning: "move the selection"),
    Entry(keys: "PgUp PgDn", meaning: "move a page"),
    Entry(keys: "g Home  G End", meaning: "first, last item"),
    Entry(keys: "a Enter", meaning: "add one of the selected item"),
    Entry(keys: "b", meaning: "add a paper bag (free, not on the badge)"),
    Entry(keys: "x", meaning: "remove one of the selected item"),
    Entry(keys: "r", meaning: "reorder the last order"),
    Entry(keys: "c", meaning: "check out"),
    Entry(keys: "m", meaning: "switch controlled / simple store"),
    Entry(keys: "+ -", meaning: "debounce interval up, down (100 ms steps)"),
    Entry(keys: "/", meaning: "filter by name; Enter keeps it, Esc clears"),
    Entry(keys: "?", meaning: "this help"),
    Entry(keys: "q Ctrl-C", meaning: "quit"),
  ]

  /// The footer's short hints, most useful first.
  static let footerHints = [
    "a add", "b bag", "r reorder", "m mode", "+/- debounce", "x remove", "c checkout", "/ filter",
  ]

  /// As many hints as fit in `width` columns after `prefix`, always ending with help and quit.
  static func footer(width: Int, prefix: String = "") -> String {
    let ending = "? help  q quit"
    var hints: [String] = []
    for hint in footerHints {
      let candidate = (hints + [hint, ending]).joined(separator: "  ")
      guard DisplayWidth.of(prefix) + 1 + DisplayWidth.of(candidate) <= width else { break }
      hints.append(hint)
    }
    return " " + prefix + (hints + [ending]).joined(separator: "  ")
  }

  /// The action for `event`, given what the screen is doing; `nil` for a key that does nothing.
  static func action(for event: InputEvent, in state: AppState) -> AppAction? {
    let listTop = state.layout.list.origin.y
    if case .resize(let width, let height) = event { return .resize(width: width, height: height) }
    if case .key(.interrupt) = event { return .quit }
    if state.isShowingHelp {
      switch event {
      case .key(.character("q")): return .quit
      case .key(.escape), .key(.character("?")), .key(.enter): return .closeHelp
      default: return nil
      }
    }
    if state.list.isEditingFilter {
      switch event {
      case .key(.escape): return .clearFilter
      case .key(.enter), .key(.up), .key(.down), .key(.tab): return .finishFilter
      case .key(.backspace), .key(.delete): return .filterBackspace
      case .key(.character(let character)): return .filterType(character)
      default: return nil
      }
    }
    switch event {
    case .click(_, let y): return .select(row: y - listTop)
    case .doubleClick(_, let y): return .addAt(row: y - listTop)
    case .key(let key): return action(for: key)
    default: return nil
    }
  }

  private static func action(for key: Key) -> AppAction? {
    switch key {
    case .up, .character("k"): .move(-1)
    case .down, .character("j"): .move(1)
    case .pageUp: .page(-1)
    case .pageDown: .page(1)
    case .home, .character("g"): .top
    case .end, .character("G"): .bottom
    case .enter, .character("a"): .addSelected
    case .character("b"): .command(.bag)
    case .character("x"): .removeSelected
    case .character("r"): .command(.reorder)
    case .character("c"): .command(.checkout)
    case .character("m"): .switchMode
    case .character("+"), .character("="): .debounceUp
    case .character("-"), .character("_"): .debounceDown
    case .character("/"): .beginFilter
    case .escape: .clearFilter
    case .character("?"): .toggleHelp
    case .character("q"), .control("c"): .quit
    default: nil
    }
  }
}
