/// The kinds of value a lane carries, as far as the pipeline's check cares.
enum LabValueKind: Equatable, Sendable {
  /// Numbers and intervals: what the numeric stages take.
  case number
  /// What `collect` makes.
  case list
}
