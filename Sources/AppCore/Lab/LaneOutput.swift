/// What came out of a stage: a value, or the end of its stream (`prefix` ends it).
public enum LaneOutput: Hashable, Sendable {
  /// A value.
  case value(LabValue)
  /// The stage's stream finished: no more values will come.
  case finished
}
