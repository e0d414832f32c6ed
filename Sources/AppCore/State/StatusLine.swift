import Foundation
import Shop

/// A line in the status bar.
public struct StatusLine: Equatable, Sendable {
  /// Whether the line is news or a refusal.
  public enum Kind: Equatable, Sendable {
    /// Something happened.
    case info
    /// Something was refused or went wrong.
    case error
  }

  /// The text.
  public var text: String
  /// Its kind.
  public var kind: Kind
}
