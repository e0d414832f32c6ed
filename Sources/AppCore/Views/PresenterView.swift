/// The presenter layout, for a projector: under the header, the badge in large digits with what the
/// basket holds beside it, and the timeline below, as full as the window allows: it grows with the
/// window (taller lanes, taller marks) and is drawn in high contrast.
enum PresenterView {
  /// Digits five rows high, three columns wide.
  static let digits: [Character: [String]] = [
    "0": ["███", "█ █", "█ █", "█ █", "███"], "1": [" █ ", "██ ", " █ ", " █ ", "███"],
    "2": ["███", "  █", "███", "█  ", "███"], "3": ["███", "  █", " ██", "  █", "███"],
    "4": ["█ █", "█ █", "███", "  █", "  █"], "5": ["███", "█  ", "███", "  █", "███"],
    "6": ["███", "█  ", "███", "█ █", "███"], "7": ["███", "  █", "  █", "  █", "  █"],
    "8": ["███", "█ █", "███", "█ █", "███"], "9": ["███", "█ █", "███", "  █", "███"],
    "-": ["   ", "   ", "███", "   ", "   "],
  ]

  /// Rows the large badge takes: a caption, five rows of digits, a line of what the basket holds.
  static let badgeRows = 7

  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let timeline = layout.presenterTimeline
    TimelineView.draw(
      state, in: timeline.rect, density: timeline.density, laneHeight: timeline.laneHeight,
      theme: .highContrast,
      into: &grid)
    let space = timeline.rect.origin.y - 1
    guard space >= 1 else { return }
    let top = 1 + max(0, (space - badgeRows) / 2)
    // The badge as it is, a negative one (the simple store's drift) included.
    let number = "\(state.badge.value)"
    let big = (0..<5).map { row in number.map { digits[$0]![row] }.joined(separator: " ") }
    let bigWidth = DisplayWidth.of(big[0])
    let x = max(0, (layout.width - bigWidth) / 2)
    let style = Style(foreground: state.disagreement == nil ? .success : .danger, attributes: .bold)
    let lines: [(String, Style, Int)] =
      [("Basket", Style(attributes: .bold), (layout.width - 6) / 2)]
      + big.map { ($0, style, x) } + [(caption(state), .plain, -1)]
    for (index, line) in lines.enumerated() where top + index < timeline.rect.origin.y {
      let at = line.2 >= 0 ? line.2 : max(0, (layout.width - DisplayWidth.of(line.0)) / 2)
      grid.write(line.0, at: GridPoint(x: at, y: top + index), style: line.1)
    }
  }

  /// What the basket holds beside the badge, and what is on its way.
  private static func caption(_ state: AppState) -> String {
    if let pending = state.pending { return "on its way: \(max(0, pending.value))" }
    if let difference = state.disagreement {
      let gap = difference < 0 ? "\(difference.magnitude) short" : "\(difference) over"
      return "the basket holds \(state.basketQuantity): the badge is \(gap)"
    }
    return "the basket holds \(state.basketQuantity)"
  }
}
