import Shop

/// The header: the app's name, the store mode, the debounce interval, and the badge `Basket: N` with
/// what is pending and whether it disagrees with the basket.
enum HeaderView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let bar = Style(attributes: .reverse)
    grid.fill(GridRect(x: 0, y: layout.headerRow, width: layout.width, height: 1), style: bar)

    // The badge is a count: the header never shows it below zero. What follows says plainly what is
    // on its way to the badge, or, once it has settled, what the basket holds when that differs.
    let count = state.badge.value
    let danger = Style(foreground: .danger, attributes: [.reverse, .bold])
    var right: [(String, Style)] = [("Basket: \(max(0, count))", Style(attributes: [.reverse, .bold]))]
    if let pending = state.pending {
      let text = pending.value == max(0, count) ? " · settling" : " → \(max(0, pending.value))"
      right.append((text, Style(attributes: [.reverse, .dim])))
    } else if let difference = state.disagreement {
      let gap = difference < 0 ? "\(difference.magnitude) short" : "\(difference) over"
      let badge = count < 0 ? "badge −\(count.magnitude), " : ""
      right.append((" · \(badge)basket \(state.basketQuantity) (\(gap))", danger))
    }
    let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.0) } + 1
    var x = max(0, layout.width - rightWidth)
    for (text, style) in right {
      x = grid.write(text, at: GridPoint(x: x, y: layout.headerRow), style: style)
    }

    let leftSpace = max(0, layout.width - rightWidth - 1)
    let candidates = [
      " shop  ·  \(state.mode.rawValue) store  ·  debounce \(state.debounce)",
      " shop · \(state.mode.rawValue) · debounce \(state.debounce)",
      " shop · \(state.mode.rawValue) · \(state.debounce)",
      " \(state.mode.rawValue) · \(state.debounce)",
      " \(state.mode.rawValue)",
    ]
    let left = candidates.first { DisplayWidth.of($0) <= leftSpace } ?? ""
    grid.write(left, at: GridPoint(x: 0, y: layout.headerRow), style: Style(attributes: [.reverse, .bold]))
  }
}
