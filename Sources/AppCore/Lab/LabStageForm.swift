import Shop

/// One way to write a stage: its operator's name, what follows it, what it does, and how its
/// arguments are read. ``LabStage/forms`` lists them all, once, for the parser, its messages, the
/// help and (later) the man page and completions.
public struct LabStageForm: Sendable {
  /// The operator's name, as the stage starts: `debounce`.
  public let name: String
  /// The whole form: `debounce D`, `throttle D latest|first`.
  public let usage: String
  /// What the stage does, in a few words.
  public let meaning: String
  /// Reads the words after the name.
  let read: @Sendable ([Substring]) throws(LabStageProblem) -> LabStage
}
