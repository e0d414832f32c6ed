import Shop

/// The help: every key of every context, what the store modes mean and why the simple one goes wrong,
/// wrapped to the window and scrolled with j and k.
enum HelpOverlay {
  /// The article's control questions, answered for each mode.
  static let controlAnswers: [(question: String, controlled: String, simple: String)] = [
    ("Who owns the count?", "the store, privately", "nobody: a shared subject"),
    ("Who may write it?", "only the store's methods", "anyone who can see it"),
    ("How?", "add, remove, reset; atomic", "read value, add, send"),
    ("With what validation?", "never negative, bounded", "none"),
    ("Who reads it?", "anyone, read-only publisher", "anyone"),
  ]

  /// Why the simple store's badge drifts.
  static let whyText =
    "In the simple store, reorder sends the reorder's own total instead of adding it, as the article's "
    + "bad example does: the badge forgets what was already in the basket, and the header shows that "
    + "badge and basket disagree, and by how much. The controlled store cannot be written that way: its "
    + "only write path adds."

  /// The help's lines for a box whose text is `width` columns wide.
  static func lines(_ state: AppState, width: Int) -> [String] {
    var lines = ["In the item list"]
    lines += keyLines(KeyBindings.items, width: width)
    lines += ["", "In the basket (Tab moves the focus there)"] + keyLines(KeyBindings.basket, width: width)
    lines += ["", "Everywhere"] + keyLines(KeyBindings.everywhere, width: width)
    lines += ["", "In the checkout confirmation"] + keyLines(KeyBindings.confirm, width: width)
    lines += ["", "In the help and the message log"] + keyLines(KeyBindings.overlay, width: width)
    lines += ["", "With the mouse on, hold Shift to select text."]
    lines += ["", "Store modes (now: \(state.mode.rawValue))"]
    if width >= 78 {
      lines.append(pad("", 24) + pad("controlled", 28) + "simple")
      lines += controlAnswers.map { pad($0.question, 24) + pad($0.controlled, 28) + $0.simple }
    } else {
      for row in controlAnswers {
        lines.append(row.question)
        lines += "  controlled: \(row.controlled)".wrapped(toWidth: width)
        lines += "  simple: \(row.simple)".wrapped(toWidth: width)
      }
    }
    lines += [""] + whyText.wrapped(toWidth: width)
    return lines
  }

  static func draw(_ state: AppState, scroll: Int, into grid: inout Grid) {
    let width = OverlayBox.frame(in: grid, rows: 1).textWidth
    OverlayBox.draw(title: "help", lines: lines(state, width: width), scroll: scroll, into: &grid)
  }

  /// A line per binding: its keys, then what it does, wrapped under itself when the box is narrow.
  private static func keyLines(_ bindings: [KeyBinding], width: Int) -> [String] {
    let keyColumn = width >= 50 ? 16 : 10
    return bindings.flatMap { binding -> [String] in
      let meaning = binding.meaning.wrapped(toWidth: max(1, width - keyColumn - 2))
      guard DisplayWidth.of(binding.label) < keyColumn else {
        return ["  " + binding.label] + meaning.map { "  " + pad("", keyColumn) + $0 }
      }
      return meaning.enumerated().map { index, text in
        "  " + pad(index == 0 ? binding.label : "", keyColumn) + text
      }
    }
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }
}
