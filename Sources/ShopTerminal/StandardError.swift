import Foundation
import Shop

/// Standard error: the one place the app writes it. It takes only ``EscapedText``, which only
/// ``UntrustedText`` makes, so no argument or file name a message repeats reaches the terminal raw.
enum StandardError {
  /// Writes `line` and a line feed. A standard error that is closed or full cannot be told about it.
  static func write(_ line: EscapedText) {
    try? WholeWrite.writeLine(line.description, to: STDERR_FILENO)
  }

  /// Writes `shop: message`, escaped.
  static func say(_ message: String) {
    write(UntrustedText.safe("shop: " + message))
  }
}
