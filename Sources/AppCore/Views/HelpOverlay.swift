import Shop

/// The help: every key of every context, what the store modes mean and why the simple one goes wrong,
/// wrapped to the window and scrolled with j and k.
enum HelpOverlay {
  static func draw(_ state: AppState, scroll: Int, into grid: inout Grid) {
    let lines = OverlayText.help(state, width: OverlayBox.frame(in: grid, rows: 1).textWidth)
    // Lines the search found are underlined; the one it found last is drawn plainly, as a selection.
    var styles: [Int: Style] = [:]
    if let search = state.helpSearch {
      for line in search.matches(in: lines) { styles[line] = Style(attributes: [.reverse, .underline]) }
      if let found = search.found { styles[found] = .plain }
    }
    OverlayBox.draw(title: "help", lines: lines, scroll: scroll, into: &grid, styles: styles)
  }
}
