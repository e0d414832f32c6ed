/// Limits every JSON file the shop reads shares.
enum JSONLimits {
  /// Deepest nesting of arrays and objects, the outermost one counted as 1: 512, as Foundation's
  /// `JSONSerialization` allows on this platform. No valid catalog or state file comes near it.
  static let maximumNesting = 512
}
