/// One terminal column of a `Grid`.
public struct Cell: Hashable, Sendable {
  /// What a column shows.
  public enum Content: Hashable, Sendable {
    /// A character as the terminal draws it: one spacing scalar and up to four combining marks.
    case glyph(String)
    /// The right half of a two-column glyph that starts in the column to the left.
    case wideContinuation
  }

  /// What the column shows.
  public var content: Content
  /// How it looks.
  public var style: Style

  /// A space in the plain style.
  public static let blank = Cell(content: .glyph(" "), style: .plain)

  /// A space in `style`, for padding and filling.
  public static func space(_ style: Style) -> Cell { Cell(content: .glyph(" "), style: style) }
}
