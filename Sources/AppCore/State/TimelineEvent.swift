import Shop

/// Something worth showing on the timeline or printing in a script: a quantity the store published, a
/// debounced value reaching the badge, what the basket holds, an action the user took, or a note such
/// as a badge out of step with the basket.
public enum TimelineEvent: Hashable, Sendable {
  /// The store published a quantity.
  case sent(Int)
  /// A debounced value reached the badge.
  case badge(Int)
  /// The basket's quantity without paper bags changed to this.
  case basket(Int)
  /// Stage `stage` (counted from 0) of the lanes' pipeline produced a value or finished.
  case lane(stage: Int, LabStage, LaneOutput)
  /// The user did something the lanes answer: a checkout, a reorder, a store or interval change.
  case action(TimelineAction)
  /// Anything else worth saying.
  case note(String)
}

extension TimelineEvent {
  /// Whether this is a note, which the timeline does not draw.
  var isNote: Bool {
    if case .note = self { return true }
    return false
  }
}
