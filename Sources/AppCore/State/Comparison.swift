/// The comparison lanes of earlier versions, which `compare` in a script still names: each is now a
/// one-stage lab pipeline.
public enum Comparison: String, CaseIterable, Equatable, Sendable {
  /// No operator: every value the store published (`dropFirst 0`, which passes everything).
  case raw
  /// `removeDuplicates`.
  case dedupe
  /// `throttle D latest`, D the debounce interval when it was chosen.
  case throttleLatest = "throttle-latest"
  /// `throttle D first`, D the debounce interval when it was chosen.
  case throttleFirst = "throttle-first"

  /// The pipeline it stands for, with `interval` as a throttle's D.
  func pipeline(interval: DebounceInterval) -> LabPipeline {
    switch self {
    case .raw: LabPipeline(stages: [.dropFirst(0)])
    case .dedupe: LabPipeline(stages: [.removeDuplicates])
    case .throttleLatest: LabPipeline(stages: [.throttle(milliseconds: interval.milliseconds, latest: true)])
    case .throttleFirst: LabPipeline(stages: [.throttle(milliseconds: interval.milliseconds, latest: false)])
    }
  }
}
