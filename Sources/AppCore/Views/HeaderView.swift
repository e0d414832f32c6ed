import Shop

/// The header: the app's name, the store mode, the debounce interval, and the badge `Basket: N` with
/// what is pending and whether it disagrees with the basket.
enum HeaderView {
  static func draw(_ state: AppState, layout: ScreenLayout, into grid: inout Grid) {
    let bar = Style(attributes: .reverse)
    grid.fill(GridRect(x: 0, y: layout.headerRow, width: layout.width, height: 1), style: bar)

    // The badge is a count: the header never shows it below zero. The simple store accepts any value,
    // so its count can go negative; the header then says what the store holds.
    let count = state.badge.value
    let danger = Style(foreground: .danger, attributes: [.reverse, .bold])
    var right: [(String, Style)] = [("Basket: \(max(0, count))", Style(attributes: [.reverse, .bold]))]
    if count < 0 { right.append((" (store: −\(count.magnitude))", danger)) }
    if let pending = state.pending {
      right.append((" → \(pending.value)", Style(attributes: [.reverse, .dim])))
    } else if let difference = state.disagreement {
      let sign = difference > 0 ? "+" : "−"
      right.append((" ≠ basket \(state.basketQuantity) (\(sign)\(difference.magnitude))", danger))
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
