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

/// Everything the terminal edge delivers to the app.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A click of the first mouse button on a cell.
  case click(x: Int, y: Int)
  /// A second click on the same cell soon after the first.
  case doubleClick(x: Int, y: Int)
  /// The mouse wheel turned over a cell: `lines` up (negative) or down (positive).
  case scroll(x: Int, y: Int, lines: Int)
  /// Text the user pasted (the terminal's bracketed paste): text, never commands.
  case paste(String)
  /// The window now has this many columns and rows.
  case resize(width: Int, height: Int)
  /// Something the terminal edge must tell the user (a paste cut, or one that never ended; a recording
  /// that stopped): shown as an error message.
  case notice(String)
}
