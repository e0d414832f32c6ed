import Shop

/// Reads the durations of the command line and of scripts: `250ms`, `1s`, `1.5s`, or a bare number of
/// seconds. The result is whole milliseconds; a finer value is an error rather than silently rounded.
public enum DurationParser {
  /// Why a duration was refused.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    /// Not a duration at all.
    case notADuration(String)
    /// Finer than the whole milliseconds the app counts.
    case tooPrecise(String)

    /// The line for an error message.
    public var description: String {
      switch self {
      case .notADuration(let text):
        "'\(UntrustedText.cut(text, to: UntrustedText.maximumQuotedLength))' is not a duration (use 250ms, 1s, 1.5s or a number of seconds)"
      case .tooPrecise(let text):
        "'\(UntrustedText.cut(text, to: UntrustedText.maximumQuotedLength))' is finer than a millisecond"
      }
    }
  }

  /// What to add to an error about `text` being too long when it is a bare number, which counts
  /// seconds: ` (a bare number is seconds: 250ms?)`; empty otherwise.
  public static func unitHint(_ text: String) -> String {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "" }
    return " (a bare number is seconds: \(text)ms?)"
  }

  /// The duration in milliseconds.
  public static func milliseconds(_ text: String) throws(Problem) -> Int {
    let (number, scale): (Substring, Int)
    if text.hasSuffix("ms") {
      (number, scale) = (text.dropLast(2), 1)
    } else if text.hasSuffix("s") {
      (number, scale) = (text.dropLast(1), 1000)
    } else {
      (number, scale) = (Substring(text), 1000)
    }
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    // Digits only: no sign of either kind (`-0` is refused like `-1`).
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let whole = Int(parts[0]), whole <= 1_000_000
    else { throw .notADuration(text) }
    var value = whole * scale
    if parts.count == 2 {
      let fraction = parts[1]
      guard fraction.count <= 9, fraction.allSatisfy(\.isNumber), let digits = Int(fraction) else {
        throw .notADuration(text)
      }
      var divisor = 1
      for _ in fraction { divisor *= 10 }
      guard (digits * scale) % divisor == 0 else { throw .tooPrecise(text) }
      value += digits * scale / divisor
    }
    return value
  }
}
