/// What a whole escape sequence from the terminal means, whatever terminfo says about it: the keys
/// users expect (modified arrows, Home, End, PgUp and PgDn as their plain forms), mouse reports and the
/// bracketed-paste markers. Everything else means nothing, and is dropped whole by the decoder.
enum EscapeSequence {
  /// The meaning of a known sequence.
  enum Meaning: Equatable {
    case key(Key)
    case mouse(MouseReport)
    case pasteStart
    case pasteEnd
  }

  /// `ESC [ parameters final` (a CSI sequence), or nil for one the app has no use for.
  static func csi(parameters: [UInt8], final: UInt8) -> Meaning? {
    if parameters.first == UInt8(ascii: "<") {
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
      return sgrMouse(parameters.dropFirst(), press: final == UInt8(ascii: "M")).map(Meaning.mouse)
    }
    // Private parameters (`?`, `=`, `>`) are replies to queries the app never sends.
    if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
    let fields = numbers(parameters)
    let modified = fields.count > 1 && fields[1] != 1
    switch final {
    case UInt8(ascii: "A"), UInt8(ascii: "a"): return .key(.up)
    case UInt8(ascii: "B"), UInt8(ascii: "b"): return .key(.down)
    case UInt8(ascii: "C"), UInt8(ascii: "c"): return .key(.right)
    case UInt8(ascii: "D"), UInt8(ascii: "d"): return .key(.left)
    case UInt8(ascii: "H"): return .key(.home)
    case UInt8(ascii: "F"): return .key(.end)
    case UInt8(ascii: "Z"): return fields.count <= 1 ? .key(.backTab) : nil
    case UInt8(ascii: "~"):
      switch fields.first ?? 0 {
      case 200 where fields.count == 1: return .pasteStart
      case 201 where fields.count == 1: return .pasteEnd
      case 3 where !modified: return .key(.delete)
      case 11 where !modified: return .key(.help)
      default: return editingKey(fields.first ?? 0)
      }
    // rxvt marks Shift, Ctrl and both with its own final byte: `\e[5$` is Shift-PgUp, `\e[7^` Ctrl-Home.
    case UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
      return fields.count == 1 ? editingKey(fields[0]) : nil
    default:
      return nil
    }
  }

  /// `ESC O parameters final` (an SS3 sequence: arrows and the keypad in application mode, F1-F4).
  static func ss3(parameters: [UInt8], final: UInt8) -> Meaning? {
    let plain = parameters.isEmpty
    switch final {
    case UInt8(ascii: "A"), UInt8(ascii: "a"): return .key(.up)
    case UInt8(ascii: "B"), UInt8(ascii: "b"): return .key(.down)
    case UInt8(ascii: "C"), UInt8(ascii: "c"): return .key(.right)
    case UInt8(ascii: "D"), UInt8(ascii: "d"): return .key(.left)
    case UInt8(ascii: "H"): return .key(.home)
    case UInt8(ascii: "F"): return .key(.end)
    case UInt8(ascii: "P") where plain: return .key(.help)
    case UInt8(ascii: "M") where plain: return .key(.enter)
    default:
      // The keypad in application mode: `ESC O k` is its +, `ESC O p` its 0.
      guard plain, let text = keypad[final] else { return nil }
      return .key(.character(text))
    }
  }

  /// `ESC [ [ final`: the Linux console's F1 to F5; only F1 (help) means something.
  static func linuxFunctionKey(final: UInt8) -> Meaning? {
    final == UInt8(ascii: "A") ? .key(.help) : nil
  }

  /// An X10 mouse report, `ESC [ M` and three characters: the button plus 32, the column plus 33 and
  /// the row plus 33 (one character each, UTF-8 encoded past column 94 in mode 1005).
  static func x10Mouse(_ codes: [UInt32]) -> MouseReport {
    let button = Int(codes[0]) - 32
    let release = button & 0b11 == 0b11 && button & 64 == 0
    return MouseReport(
      button: buttonKind(button), x: max(0, Int(codes[1]) - 33), y: max(0, Int(codes[2]) - 33),
      isPress: !release)
  }

  private static let keypad: [UInt8: Character] = [
    UInt8(ascii: "j"): "*", UInt8(ascii: "k"): "+", UInt8(ascii: "l"): ",", UInt8(ascii: "m"): "-",
    UInt8(ascii: "n"): ".", UInt8(ascii: "o"): "/", UInt8(ascii: "X"): "=", UInt8(ascii: "p"): "0",
    UInt8(ascii: "q"): "1", UInt8(ascii: "r"): "2", UInt8(ascii: "s"): "3", UInt8(ascii: "t"): "4",
    UInt8(ascii: "u"): "5", UInt8(ascii: "v"): "6", UInt8(ascii: "w"): "7", UInt8(ascii: "x"): "8",
    UInt8(ascii: "y"): "9",
  ]

  /// The Home, End, PgUp and PgDn of `ESC [ n ~` (and rxvt's modified forms); nil for other numbers.
  private static func editingKey(_ number: Int) -> Meaning? {
    switch number {
    case 1, 7: .key(.home)
    case 4, 8: .key(.end)
    case 5: .key(.pageUp)
    case 6: .key(.pageDown)
    default: nil
    }
  }

  /// An SGR (mode 1006) mouse report's `button;column;row`, counted from 1.
  private static func sgrMouse(_ parameters: ArraySlice<UInt8>, press: Bool) -> MouseReport? {
    let fields = numbers(Array(parameters))
    guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return nil }
    return MouseReport(button: buttonKind(fields[0]), x: fields[1] - 1, y: fields[2] - 1, isPress: press)
  }

  private static func buttonKind(_ code: Int) -> MouseReport.Button {
    if code & 32 != 0 { return .other }  // motion
    if code & 64 != 0 { return code & 0b11 == 0 ? .wheelUp : code & 0b11 == 1 ? .wheelDown : .other }
    return code & 0b11 == 0 ? .first : .other
  }

  /// The numbers of `1;5`; an empty field is 0, a field too long to be a key's is `Int.max`.
  private static func numbers(_ parameters: [UInt8]) -> [Int] {
    guard !parameters.isEmpty else { return [] }
    return parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
      guard field.count <= 6 else { return Int.max }
      var value = 0
      for byte in field {
        guard (0x30...0x39).contains(byte) else { return Int.max }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
  }
}
