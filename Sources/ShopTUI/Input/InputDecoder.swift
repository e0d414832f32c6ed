import CNcurses

/// What ncurses `get_wch` returned for one key.
enum RawInput: Hashable, Sendable {
  /// `OK` with a character code.
  case character(UInt32)
  /// `KEY_CODE_YES` with a function key code (`KEY_UP`, `KEY_MOUSE`, ...).
  case functionKey(Int32)
}

/// What one `get_wch` result means. Pure: tests call it with raw codes; only the terminal edge reads them.
enum InputDecoder {
  /// The meaning of one raw input.
  enum Decoded: Hashable, Sendable {
    /// A key the app understands.
    case key(Key)
    /// A mouse report is waiting; the edge reads it with `getmouse`.
    case mouseReport
    /// ncurses noticed a new window size.
    case resizeReport
    /// A key the app has no name for.
    case unknown
  }

  /// Decodes one `get_wch` result.
  static func decode(_ raw: RawInput) -> Decoded {
    switch raw {
    case .character(let code):
      return decodeCharacter(code)
    case .functionKey(let code):
      return decodeFunctionKey(code)
    }
  }

  /// Control codes, DEL and printable characters.
  private static func decodeCharacter(_ code: UInt32) -> Decoded {
    switch code {
    case 0x03: return .key(.interrupt)
    case 0x08, 0x7F: return .key(.backspace)
    case 0x09: return .key(.tab)
    case 0x0A, 0x0D: return .key(.enter)
    case 0x1B: return .key(.escape)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(UInt8(0x60 + code)))))
    case 0x00, 0x1C...0x1F, 0x80...0x9F:
      return .unknown
    default:
      guard let scalar = Unicode.Scalar(code) else { return .unknown }
      return .key(.character(Character(scalar)))
    }
  }

  /// ncurses function key codes. tmux and xterm send Home and End as Find and Select (`\e[1~`, `\e[4~`).
  private static func decodeFunctionKey(_ code: Int32) -> Decoded {
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME, KEY_FIND, KEY_A1: return .key(.home)
    case KEY_END, KEY_SELECT, KEY_C1: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_DC: return .key(.delete)
    case KEY_MOUSE: return .mouseReport
    case KEY_RESIZE: return .resizeReport
    default: return .unknown
    }
  }
}
