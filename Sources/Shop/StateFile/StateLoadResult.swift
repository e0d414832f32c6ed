/// What reading the state file gave: the state to start from, and what the user should be told.
public struct StateLoadResult: Sendable, Equatable {
  /// The saved state, or an empty one when there was no readable file.
  public let state: ShopState
  /// One line for the user when the file could not be read and was moved aside; nil otherwise.
  public let notice: String?
  /// Where an unreadable file was moved to, if one was.
  public let movedAsidePath: String?
}
