import Foundation
import Shop

/// Why a script could not be read: one line naming the file.
struct ScriptFileError: Error, Equatable, CustomStringConvertible {
  /// The file's name as given, or "standard input".
  let name: String
  /// The system's reason, or what is wrong.
  let reason: String

  /// `cannot read script NAME: REASON`, control characters in the name escaped.
  var description: String { "cannot read script \(UntrustedText.escaped(name)): \(reason)" }
}
