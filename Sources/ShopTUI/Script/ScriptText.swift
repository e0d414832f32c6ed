/// Text from a script or the command line made safe for an error message: quoted, with control
/// characters (C0, DEL, C1, so escape sequences too) escaped, and shortened when it is very long, so
/// that nothing a script contains can reach a terminal raw.
enum ScriptText {
  /// The longest piece of script text a message repeats, in characters.
  static let maximumQuotedLength = 40

  /// `text` in double quotes, control characters, quotes and backslashes escaped, long text cut short
  /// with an ellipsis.
  static func quoted(_ text: some StringProtocol) -> String {
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

  /// `text` with its control characters escaped, unquoted: for file names in messages.
  static func escaped(_ text: some StringProtocol) -> String {
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

  /// `\u{1B}`: the code point in hex, the form Swift uses (the standard library's own escaping
  /// leaves C1 controls such as U+009B raw).
  static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Whether `scalar` is a C0 control, DEL or a C1 control.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
