import Foundation

/// A search through the help (`/` there): the text typed, whether it is still being typed, and which
/// of the help's lines it last found. Like less's: typing finds the first line that holds the text
/// from where the search began, Enter keeps it for `n` and `N`, Esc while typing goes back.
public struct HelpSearch: Equatable, Sendable {
  /// The longest text the search takes.
  public static let maximumCharacters = 80

  /// What is searched for.
  public internal(set) var query = ""
  /// Whether it is still being typed (the footer shows it with a cursor).
  public internal(set) var isEditing = true
  /// The help's scroll when the search began: where Esc goes back to.
  public internal(set) var origin: Int
  /// The help line the search last found, counted from the help's first line.
  public internal(set) var found: Int?

  /// A search begun with the help scrolled by `origin`.
  init(origin: Int) {
    self.origin = origin
  }

  /// The lines of `lines` that hold the query, ignoring case and accents, in order.
  func matches(in lines: [String]) -> [Int] {
    guard !query.isEmpty else { return [] }
    return lines.indices.filter {
      lines[$0].range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
