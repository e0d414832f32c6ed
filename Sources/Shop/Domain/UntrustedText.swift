/// Text the shop did not write (item names and ids from a catalog or state file, script lines, file
/// names and arguments from the command line) made safe to repeat in a message: the one escaper that
/// every error line, note and status message uses, so that nothing from outside reaches a terminal raw.
///
/// Control characters (C0, DEL and C1, so escape sequences too) become `\u{1B}`, the form Swift source
/// uses; the standard library's own `escaped(asASCII:)` leaves C1 controls such as U+009B (CSI) raw.
public enum UntrustedText {
  /// The most characters of one piece of untrusted text a message repeats.
  public static let maximumQuotedLength = 40

  /// `text` in double quotes, with control characters, quotes and backslashes escaped, and cut after
  /// ``maximumQuotedLength`` characters with `…`.
  public static func quoted(_ text: some StringProtocol) -> String {
    var result = "\""
    var shown = 0
    for scalar in text.unicodeScalars {
      guard shown < maximumQuotedLength else {
        result += "…"
        break
      }
      if isControl(scalar) {
        result += escape(scalar)
      } else if scalar == "\"" || scalar == "\\" {
        result += "\\" + String(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
      shown += 1
    }
    return result + "\""
  }

  /// `text` with its control characters escaped, unquoted and uncut: for file names in messages.
  public static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `\u{1B}`: the code point in hexadecimal.
  public static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Whether `scalar` must be escaped: a C0 control, DEL or a C1 control.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar.value)
  }

  /// Whether the code point `value` must be escaped.
  public static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }

  /// The first code point of `text` that must be escaped, found by scanning its UTF-8 directly (a C1
  /// control is 0xC2 followed by 0x80...0x9F), or `nil`.
  public static func firstControlCharacter(in text: String) -> UInt32? {
    var previousWasC2 = false
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F { return UInt32(byte) }
      if previousWasC2 && (0x80...0x9F).contains(byte) { return UInt32(byte) }
      previousWasC2 = byte == 0xC2
    }
    return nil
  }
}
