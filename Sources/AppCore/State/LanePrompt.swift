/// The one-line prompt `:` opens for a lane pipeline: the text typed so far and, while the user steps
/// through earlier pipelines with ↑ ↓, which one is shown.
public struct LanePrompt: Equatable, Sendable {
  /// The most earlier pipelines kept for ↑ ↓.
  public static let historyCapacity = 20
  /// The longest text the prompt takes: more than six stages ever need.
  public static let maximumCharacters = 200

  /// What the prompt holds.
  public internal(set) var text: String
  /// Which earlier pipeline it shows, counted back from the newest (0), while ↑ ↓ step through them;
  /// `nil` while the user types.
  public internal(set) var recalled: Int?

  /// An empty prompt.
  init() {
    text = ""
    recalled = nil
  }
}
