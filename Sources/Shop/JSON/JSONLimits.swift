/// Limits every JSON file the shop reads shares.
enum JSONLimits {
  /// Deepest nesting of arrays and objects, the outermost one counted as 1: 512, as Foundation's
  /// `JSONSerialization` allows on this platform. No valid catalog or state file comes near it.
  static let maximumNesting = 512
  /// Most keys in one object the shop reads (a catalog's top level or item, a state file's top level,
  /// line or order), so that checking them for repeats keeps only this many. Objects it skips are
  /// not limited: their keys are never kept.
  static let maximumKeyCount = 64
  /// Longest key in an object the shop reads, in Unicode scalars.
  static let maximumKeyLength = 256
}
