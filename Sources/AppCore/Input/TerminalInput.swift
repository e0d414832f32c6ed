/// One thing the terminal edge read: a character, or something ncurses recognised by itself.
public enum TerminalInput: Equatable, Sendable {
  /// A character code, as ncurses hands out the bytes of a sequence it does not know.
  case character(UInt32)
  /// A function key ncurses recognised, as the app names it.
  case key(Key)
  /// A function key ncurses recognised that the app has no use for (F5, Shift-Delete).
  case otherKey
  /// A mouse report ncurses read.
  case mouse(MouseReport)
  /// The start of a bracketed paste, as ncurses recognised it.
  case pasteStart
  /// The end of a bracketed paste, as ncurses recognised it.
  case pasteEnd
}
