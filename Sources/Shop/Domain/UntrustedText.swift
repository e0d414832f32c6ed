/// Text the shop did not write (item names and ids from a catalog or state file, script lines, file
/// names and arguments from the command line) made safe to repeat in a message: the one escaper that
/// every error line, note and status message uses, so that nothing from outside reaches a terminal raw.
///
/// Escaped, in the form Swift source uses (`\u{1B}`): control characters (C0, DEL and C1, so escape
/// sequences too; the standard library's own `escaped(asASCII:)` leaves C1 controls such as U+009B raw),
/// the bidirectional controls that reorder what follows them on screen (U+202A-U+202E, U+2066-U+2069)
/// and the marks that change the direction of the characters beside them (U+200E, U+200F, U+061C),
/// and the line and paragraph separators (U+2028, U+2029). Catalog and state-file validation refuses
/// the same code points in ids and names (``firstUnsafeScalar(in:)``).
public enum UntrustedText {
  /// The most characters of one piece of untrusted text a message repeats.
  public static let maximumQuotedLength = 40

  /// `text` in double quotes, with unsafe code points, quotes and backslashes escaped, and cut after
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

  /// `text` with its unsafe code points escaped, unquoted and uncut: for file names in messages.
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

  /// Whether `scalar` must be escaped: a C0 control, DEL, a C1 control, a bidirectional control or
  /// mark, or a line or paragraph separator.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar.value)
  }

  /// Whether the code point `value` must be escaped.
  public static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || isDirectionMark(value)
  }

  /// Whether `value` is one of the marks that set the direction of neutral characters beside them:
  /// left-to-right (U+200E), right-to-left (U+200F) and the Arabic letter mark (U+061C).
  static func isDirectionMark(_ value: UInt32) -> Bool {
    value == 0x200E || value == 0x200F || value == 0x061C
  }

  /// The first code point of `text` that must be escaped, or `nil`. Text whose UTF-8 holds no byte
  /// below 0x20 and none from 0x7F up (plain printable ASCII) is passed over without decoding.
  public static func firstUnsafeScalar(in text: String) -> UInt32? {
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
      return text.unicodeScalars.first(where: isControl)?.value
    }
    return nil
  }

  /// What the code point `value` is, for a message: "the control character U+001B", "the
  /// bidirectional control character U+202E", "the line separator U+2028".
  public static func describeUnsafe(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    let codePoint = "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
    switch value {
    case 0x2028: return "the line separator \(codePoint)"
    case 0x2029: return "the paragraph separator \(codePoint)"
    case 0x202A...0x202E, 0x2066...0x2069: return "the bidirectional control character \(codePoint)"
    case _ where isDirectionMark(value): return "the bidirectional mark \(codePoint)"
    default: return "the control character \(codePoint)"
    }
  }

  /// `text` cut after `limit` characters with `…`; for untrusted text shown without quotes, such as a
  /// number as written.
  public static func cut(_ text: some StringProtocol, to limit: Int) -> String {
    guard text.count > limit else { return String(text) }
    return String(text.prefix(limit)) + "…"
  }
}

/// Text fit to reach a terminal: every unsafe code point escaped as ``UntrustedText/escaped(_:)``
/// escapes it. Only ``UntrustedText/safe(_:)`` makes one, so that what the app writes to standard
/// error has been through the escaper whatever the message repeats (an argument, a file name).
public struct EscapedText: Sendable, Equatable, CustomStringConvertible {
  /// The escaped text.
  public let description: String

  fileprivate init(escaping text: some StringProtocol) {
    description = UntrustedText.escaped(text)
  }
}

extension UntrustedText {
  /// `text` escaped, as the type standard error takes. Escaping is idempotent (what it writes holds
  /// no unsafe code point), so a message that already escaped its parts comes through unchanged.
  public static func safe(_ text: some StringProtocol) -> EscapedText {
    EscapedText(escaping: text)
  }
}
