import Dispatch
import Reactive
import Shop

/// Why a script cannot be played: the lines for standard error.
public struct PlayModeError: Error, Sendable {
  /// One line each, already safe to print.
  public let messages: [String]
}
