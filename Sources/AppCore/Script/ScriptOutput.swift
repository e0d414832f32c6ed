import Shop

/// The lines a running script prints: `T EVENT VALUE`, with T the seconds since the start to three
/// decimals (`0.000 sent 1`, `1.000 badge 1`, `2.000 note badge 2 but basket holds 5 (-3)`), and a
/// lane's stage with what it produced (`0.600 lane debounce 500ms 1`, `0.900 lane prefix 2 finished`).
enum ScriptOutput {
  /// The line for `event`; `nil` for what only the timeline draws (the basket lane, action markers).
  static func line(for event: TimedEvent) -> String? {
    let time = seconds(event.milliseconds)
    switch event.event {
    case .sent(let value): return "\(time) sent \(value)"
    case .badge(let value): return "\(time) badge \(value)"
    case .note(let text): return "\(time) note \(UntrustedText.escaped(text))"
    case .lane(_, let stage, .value(let value)): return "\(time) lane \(stage.text) \(value)"
    case .lane(_, let stage, .finished): return "\(time) lane \(stage.text) finished"
    case .basket, .action: return nil
    }
  }

  /// `1234` milliseconds as `1.234`.
  static func seconds(_ milliseconds: Int) -> String {
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
