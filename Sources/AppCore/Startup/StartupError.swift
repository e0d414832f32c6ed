import Foundation
import Shop

/// Why the app cannot start: one line.
public struct StartupError: Error, CustomStringConvertible {
  /// The line.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
