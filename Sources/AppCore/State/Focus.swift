import Foundation
import Shop

/// The pane the keys act on.
public enum Focus: Equatable, Sendable {
  /// The catalog's item list.
  case items
  /// The basket's lines.
  case basket
}
