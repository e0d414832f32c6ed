/// One key binding: its keys and what each asks for, and how the help and the footer name them.
struct KeyBinding: Equatable {
  /// A key and the action it asks for.
  struct Press: Equatable {
    let key: Key
    let action: AppAction
  }

  /// Each key and what it does: `↑` moves up and `↓` down within one binding, each said here.
  let presses: [Press]
  /// How the help names the keys, e.g. `a Enter`.
  let label: String
  /// What the help says it does.
  let meaning: String
  /// The footer's short hint, e.g. `a add`; `nil` for a key the footer does not show.
  let hint: String?

  /// A binding whose keys each ask for their own action (`[(.up, .move(-1)), (.down, .move(1))]`).
  init(presses: [(Key, AppAction)], label: String, meaning: String, hint: String?) {
    self.presses = presses.map { Press(key: $0.0, action: $0.1) }
    self.label = label
    self.meaning = meaning
    self.hint = hint
  }

  /// A binding whose keys all ask for `action`.
  init(keys: [Key], label: String, meaning: String, hint: String?, action: AppAction) {
    self.init(presses: keys.map { ($0, action) }, label: label, meaning: meaning, hint: hint)
  }

  /// The keys, any of which triggers it.
  var keys: [Key] { presses.map(\.key) }

  /// What `key` asks for, if it is one of this binding's keys.
  func action(for key: Key) -> AppAction? { presses.first { $0.key == key }?.action }
}
