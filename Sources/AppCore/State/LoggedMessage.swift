import Foundation
import Shop

/// One status line as the log keeps it.
public struct LoggedMessage: Equatable, Sendable {
  /// When, in milliseconds since the start.
  public let milliseconds: Int
  /// The whole text.
  public let text: String
  /// News or a refusal.
  public let kind: StatusLine.Kind
}
