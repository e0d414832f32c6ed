/// What the decoder makes of the terminal's input.
public enum DecodedInput: Equatable, Sendable {
  /// A key.
  case key(Key)
  /// A mouse report, ncurses' or one read from the bytes.
  case mouse(MouseReport)
  /// The text of a bracketed paste, at most ``TerminalInputDecoder/maximumPasteCharacters``.
  case paste(String)
  /// Something the user should be told: a paste cut, or one that never ended.
  case notice(String)
  /// One of the terminal driver's signal characters (Ctrl-C, Ctrl-\, Ctrl-Z), typed rather than pasted:
  /// the edge, which reads in raw mode, raises the signal the driver would have.
  case signalCharacter(UInt32)
}
