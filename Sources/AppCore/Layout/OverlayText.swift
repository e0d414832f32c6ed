import Shop

/// What the help and the message log hold, as lines wrapped for a box of a given width: the update
/// scrolls and searches them, and the views draw them, from this one place.
enum OverlayText {
  /// Why the simple store's badge drifts.
  static let whyText =
    "In the simple store, reorder sends the reorder's own total instead of adding it, as the article's "
    + "bad example does: the badge forgets what was already in the basket, and the header shows that "
    + "badge and basket disagree, and by how much. The controlled store cannot be written that way: its "
    + "only write path adds. The derived store goes further, as the article's last line suggests: the "
    + "basket itself, which the app state owns, is the owned value: the store is handed it with each "
    + "write and its count is map(total quantity).removeDuplicates() of it, so there is no separate "
    + "count that could disagree."

  /// The help's lines for a box whose text is `width` columns wide.
  static func help(_ state: AppState, width: Int) -> [String] {
    func text(_ paragraph: String) -> [String] { paragraph.wrapped(toWidth: width) }
    var lines = text("In the item list")
    lines += keyLines(KeyBindings.items, width: width)
    lines +=
      [""] + text("In the basket (Tab moves the focus there)") + keyLines(KeyBindings.basket, width: width)
    lines += [""] + text("Everywhere") + keyLines(KeyBindings.everywhere, width: width)
    lines += [""] + text("In the checkout confirmation") + keyLines(KeyBindings.confirm, width: width)
    lines +=
      [""] + text("When u would undo a checkout (it deletes the order)")
      + keyLines(KeyBindings.confirmUndo, width: width)
    lines += [""] + text("In the order history (o)") + keyLines(KeyBindings.history, width: width)
    lines += [""] + text("In the help") + keyLines(KeyBindings.help, width: width)
    lines +=
      [""] + text("In the help, the message log and the details")
      + keyLines(KeyBindings.overlay, width: width)
    lines += [""] + text("With the mouse on, hold Shift to select text.")
    lines +=
      [""] + text("Store modes (now: \(state.mode.rawValue); m switches), the article's questions answered")
    let modes = QuantityStoreMode.allCases
    let question = ControlQuestion.maximumQuestionLength + 2
    let answer = ControlQuestion.maximumAnswerLength + 2
    if width >= question + answer * modes.count {
      lines.append(pad("", question) + modes.map { pad($0.rawValue, answer) }.joined())
      lines += ControlQuestion.all.map { row in
        pad(row.question, question) + modes.map { pad(row.answer(for: $0), answer) }.joined()
      }
    } else {
      for row in ControlQuestion.all {
        lines += text(row.question)
        for mode in modes {
          let marker = mode == state.mode ? "▸ " : "  "
          lines += (marker + pad(mode.rawValue + ":", 12) + row.answer(for: mode)).wrapped(toWidth: width)
        }
      }
    }
    lines += [""] + whyText.wrapped(toWidth: width)
    return lines
  }

  /// The message log's lines for a box whose text is `width` columns wide, newest first, and which of
  /// them belong to refusals.
  static func messageLog(_ state: AppState, width: Int) -> (lines: [String], refusals: Set<Int>) {
    guard !state.messages.entries.isEmpty else { return (["no messages yet"], []) }
    // The time column's heading: seconds since the app started.
    var lines = ["time (s) message"]
    var refusals: Set<Int> = []
    for message in state.messages.entries.reversed() {
      let time = ScriptOutput.seconds(message.milliseconds)
      let prefix = time + String(repeating: " ", count: max(1, 10 - time.count))
      let body = message.text.wrapped(toWidth: max(1, width - prefix.count))
      for (index, text) in body.enumerated() {
        if message.kind == .error { refusals.insert(lines.count) }
        lines.append((index == 0 ? prefix : String(repeating: " ", count: prefix.count)) + text)
      }
    }
    return (lines, refusals)
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
