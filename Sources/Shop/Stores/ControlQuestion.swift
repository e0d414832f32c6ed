/// One of the article's control questions with each store's one-line answer: what the help screen
/// shows, read from here so that the help and the stores' doc comments say the same thing.
public struct ControlQuestion: Sendable, Equatable {
  /// Most characters of a question, so the help can give it a fixed column.
  public static let maximumQuestionLength = 22
  /// Most characters of an answer, so three answers fit side by side in an 80-column help.
  public static let maximumAnswerLength = 27

  /// The question, such as "Who owns the data?".
  public let question: String
  /// The answer for `ControlledQuantityStore`.
  public let controlled: String
  /// The answer for `SimpleQuantityStore`.
  public let simple: String
  /// The answer for `BasketStore`.
  public let derived: String

  /// The answer for the store of `mode`.
  public func answer(for mode: QuantityStoreMode) -> String {
    switch mode {
    case .controlled: return controlled
    case .simple: return simple
    case .derived: return derived
    }
  }

  /// The article's six questions, in its order.
  public static let all: [ControlQuestion] = [
    ControlQuestion(
      question: "Who owns the data?", controlled: "the store, privately",
      simple: "nobody: a shared subject", derived: "the app state: the basket"),
    ControlQuestion(
      question: "Who may write it?", controlled: "only the store's methods",
      simple: "anyone who can see it", derived: "only the use cases"),
    ControlQuestion(
      question: "How?", controlled: "add, remove, reset; atomic",
      simple: "read value, add, send", derived: "use case; store gets basket"),
    ControlQuestion(
      question: "Any transformation?", controlled: "items to a count, no bags",
      simple: "none: callers send counts", derived: "map(count), no repeats"),
    ControlQuestion(
      question: "With what validation?", controlled: "never negative, bounded",
      simple: "none", derived: "the basket's line rules"),
    ControlQuestion(
      question: "Who reads it?", controlled: "anyone, read-only publisher",
      simple: "anyone", derived: "anyone: basket and count"),
  ]
}
