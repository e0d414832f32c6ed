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
