import Foundation
import Shop

/// Why a script could not be read: one line naming the file.
public struct ScriptFileError: Error, Equatable, CustomStringConvertible {
  /// The file's name as given, or "standard input".
  public let name: String
  /// The system's reason, or what is wrong.
  public let reason: String

  /// The error for the script `name`, which could not be read because of `reason`.
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }

  /// `cannot read script NAME: REASON`, control characters in the name escaped.
  public var description: String { "cannot read script \(UntrustedText.escaped(name)): \(reason)" }
}
