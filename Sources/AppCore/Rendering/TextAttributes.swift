/// Text attributes a cell carries besides its colours.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attribute bits.
  public let rawValue: UInt8

  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Heavier text.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Fainter text.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Foreground and background swapped: selection, even without colour.
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TextAttributes(rawValue: 1 << 3)
}
