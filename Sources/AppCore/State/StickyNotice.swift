import Foundation
import Shop

/// A line that stays on screen until what it says is resolved.
public struct StickyNotice: Equatable, Sendable {
  /// What it says.
  public let text: String
  /// Whether the next successful save clears it (a save failure) or nothing does (no state file).
  public let clearedBySave: Bool
}
