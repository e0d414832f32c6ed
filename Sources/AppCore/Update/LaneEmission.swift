import Shop

/// What one stage of the lanes produced, and which choice of pipeline it belongs to.
public struct LaneEmission: Hashable, Sendable {
  /// The choice of pipeline that produced it: the app counts them, and drops what an earlier one
  /// produced after a new one was chosen.
  public let generation: Int
  /// The stage, counted from 0.
  public let stage: Int
  /// What came out.
  public let output: LaneOutput
}
