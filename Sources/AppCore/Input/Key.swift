/// A key as the app sees it, independent of the terminal that sent it.
public enum Key: Hashable, Sendable {
  /// A printable character, such as `j`, `q`, `/` or `é`.
  case character(Character)
  /// A letter typed with Ctrl held, lowercased (`control("l")` for Ctrl-L); Ctrl-C is `interrupt`.
  case control(Character)
  /// Ctrl-C typed while the terminal delivers it as a key rather than as SIGINT.
  case interrupt
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Enter or Return.
  case enter
  /// Escape, alone.
  case escape
  /// Backspace.
  case backspace
  /// Delete (forward).
  case delete
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// The first function key, F1.
  case help
}
