import Shop

extension AppState {
  /// Begins, edits, keeps, leaves or steps through the search in the help (`/`, then `n` and `N`).
  /// Typing scrolls the help to the first line holding the text from where the search began; a text
  /// no line holds says so and leaves the help where it was. Only while the help is open.
  mutating func searchHelp(_ action: AppAction.HelpSearch) {
    guard case .help(let scroll) = overlay else { return }
    switch action {
    case .begin:
      helpSearch = HelpSearch(origin: scroll)
      say("search the help: type what to find; Enter keeps it for n and N, Esc goes back", kind: .info)
    case .type(let character):
      typeIntoHelpSearch(String(character))
    case .paste(let text):
      typeIntoHelpSearch(String(text.map { $0.isNewline ? " " : $0 }))
    case .backspace:
      guard var search = helpSearch, search.isEditing, !search.query.isEmpty else { return }
      search.query.removeLast()
      find(search, from: search.origin)
    case .finish:
      guard var search = helpSearch else { return }
      guard !search.query.isEmpty else {
        helpSearch = nil
        return say("nothing to search for: / begins a search", kind: .info)
      }
      search.isEditing = false
      helpSearch = search
      let count = search.matches(in: helpLines().lines).count
      if count > 0 {
        let lines = "\(count) line\(count == 1 ? "" : "s") of the help hold\(count == 1 ? "s" : "")"
        say("\(Self.quoted(search.query)): \(lines) it; n next, N previous", kind: .info)
      }
    case .cancel:
      guard let search = helpSearch else { return }
      helpSearch = nil
      overlay = .help(scroll: search.origin)
      say("search left: the help is where it was", kind: .info)
    case .next(let forward):
      stepThroughHelpMatches(forward: forward, scroll: scroll)
    }
  }

  private mutating func typeIntoHelpSearch(_ text: String) {
    guard var search = helpSearch, search.isEditing else { return }
    let typed = text.filter { !$0.unicodeScalars.contains(where: UntrustedText.isControl) }
    search.query += typed.prefix(max(0, HelpSearch.maximumCharacters - search.query.count))
    find(search, from: search.origin)
  }

  /// Scrolls the help to the first line at or after `start` that holds the search's text (round the
  /// end), or back to where the search began when none does.
  private mutating func find(_ search: HelpSearch, from start: Int) {
    var search = search
    let (lines, limit) = helpLines()
    let matches = search.matches(in: lines)
    search.found = matches.first { $0 >= start } ?? matches.first
    helpSearch = search
    overlay = .help(scroll: min(search.found ?? search.origin, limit))
    if search.query.isEmpty {
      say("search the help: type what to find; Enter keeps it for n and N, Esc goes back", kind: .info)
    } else if matches.isEmpty {
      say("nothing in the help holds \(Self.quoted(search.query))", kind: .error)
    } else {
      say(
        "\(Self.quoted(search.query)): \(Self.lines(matches.count)); Enter keeps it, Esc goes back",
        kind: .info)
    }
  }

  private mutating func stepThroughHelpMatches(forward: Bool, scroll: Int) {
    guard var search = helpSearch, !search.query.isEmpty else {
      return say("/ searches the help; n and N then go to the next and previous line found", kind: .info)
    }
    let (lines, limit) = helpLines()
    let matches = search.matches(in: lines)
    guard !matches.isEmpty else {
      return say("nothing in the help holds \(Self.quoted(search.query))", kind: .error)
    }
    // From the line found last while it is on screen, else from the top of what is shown.
    let rows = layout.overlay(rows: lines.count).textRows
    let from =
      search.found.flatMap { (scroll..<(scroll + rows)).contains($0) ? $0 : nil }
      ?? (forward ? scroll - 1 : scroll + rows)
    let next = forward ? matches.first { $0 > from } : matches.last { $0 < from }
    let wrapped = next == nil
    let found = next ?? (forward ? matches.first! : matches.last!)
    search.found = found
    helpSearch = search
    overlay = .help(scroll: min(found, limit))
    let place = matches.firstIndex(of: found)! + 1
    let round = wrapped ? (forward ? " (from the top again)" : " (from the end again)") : ""
    say("\(Self.quoted(search.query)): line \(place) of \(matches.count) found\(round)", kind: .info)
  }

  /// The help's lines as the box shows them now, and how far it can scroll.
  private func helpLines() -> (lines: [String], limit: Int) {
    let lines = OverlayText.help(self, width: layout.overlayTextWidth)
    let rows = layout.overlay(rows: lines.count).textRows
    return (lines, max(0, lines.count - rows))
  }

  private static func quoted(_ query: String) -> String { "\"\(UntrustedText.escaped(query))\"" }

  private static func lines(_ count: Int) -> String {
    "\(count) line\(count == 1 ? " holds" : "s hold") it"
  }
}
