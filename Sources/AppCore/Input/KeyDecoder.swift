/// What a character code read from the terminal means as a key: control codes, DEL and printable
/// characters. Pure, so that tests call it with raw codes; the terminal edge maps its own function-key
/// codes (arrows, Home, mouse reports) itself.
public enum KeyDecoder {
  /// The key for the character `code`, or `nil` for a code the app has no name for (NUL, the C0
  /// codes without a key, C1 controls, invalid scalars).
  public static func key(forCharacter code: UInt32) -> Key? {
    switch code {
    case 0x03: return .interrupt
    case 0x08, 0x7F: return .backspace
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x1B: return .escape
    case 0x01...0x1A:
      return .control(Character(Unicode.Scalar(UInt8(0x60 + code))))
    case 0x00, 0x1C...0x1F, 0x80...0x9F:
      return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// The plain key for a modified cursor or editing key that ncurses knows only by its terminfo name
  /// (`kUP5` is Ctrl-Up, `kNXT3` Alt-PgDn), or `nil` for any other name: users expect Ctrl-Right to
  /// move as Right does. The keypad's keys that xterm's entry names (`kpADD`, its + in application
  /// mode) are the characters printed on them, as the keypad sends them outside that mode.
  public static func key(forTerminfoName name: String) -> Key? {
    if let character = keypad[name] { return .character(character) }
    let keys: [(String, Key)] = [
      ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
      ("kPRV", .pageUp), ("kNXT", .pageDown),
    ]
    for (prefix, key) in keys where name.hasPrefix(prefix) {
      let modifier = name.dropFirst(prefix.count)
      guard !modifier.isEmpty, modifier.allSatisfy(\.isASCII), let number = Int(modifier),
        (2...8).contains(number)
      else { return nil }
      return key
    }
    return nil
  }

  /// The keypad keys of terminfo's extended names, and what they read as.
  private static let keypad: [String: Character] = [
    "kpADD": "+", "kpSUB": "-", "kpMUL": "*", "kpDIV": "/", "kpCMA": ",", "kpDOT": ".", "kpZRO": "0",
  ]
}
