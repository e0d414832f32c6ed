import Shop

/// A marble-lab pipeline: stages separated by `|`, each one of `Reactive`'s operators
/// (`removeDuplicates | debounce 500ms | scan sum`). Each stage has a lane showing what the stages up
/// to it make of the values the store publishes.
///
/// Checked whole when read: a stage that is not one of ``LabStage/forms``, a bad argument, or a
/// numeric stage after `collect` is refused with a message naming the stage and what is allowed.
public struct LabPipeline: Hashable, Sendable, CustomStringConvertible {
  /// The most stages a pipeline may have: each takes a lane on the timeline.
  public static let maximumStages = 6

  /// The stages, first to last; never empty.
  public let stages: [LabStage]

  /// A pipeline of `stages`, which must not be empty.
  init(stages: [LabStage]) {
    precondition(!stages.isEmpty, "a pipeline has a stage")
    self.stages = stages
  }

  /// The pipeline as it is written, stages in their shortest form: `removeDuplicates | debounce 500ms`.
  public var description: String { stages.map(\.text).joined(separator: " | ") }

  /// The presets `l` cycles through, in order; after the last, no lane.
  public static let presets: [LabPipeline] = [
    LabPipeline(stages: [.removeDuplicates]),
    LabPipeline(stages: [.throttle(milliseconds: 1000, latest: true)]),
    LabPipeline(stages: [.throttle(milliseconds: 1000, latest: false)]),
    LabPipeline(stages: [.removeDuplicates, .debounce(milliseconds: 500), .scan(.sum)]),
  ]

  /// The preset after `current` as `l` cycles them (the first after a pipeline that is not one), then
  /// none.
  static func preset(after current: LabPipeline?) -> LabPipeline? {
    guard let current else { return presets.first }
    guard let index = presets.firstIndex(of: current) else { return presets.first }
    return index + 1 < presets.count ? presets[index + 1] : nil
  }

  /// Reads `text`: stages separated by `|`, words separated by spaces.
  public static func parse(_ text: String) throws(LabPipelineError) -> LabPipeline {
    let pieces = text.split(separator: "|", omittingEmptySubsequences: false)
    guard pieces.count <= maximumStages else {
      throw LabPipelineError("a pipeline has at most \(maximumStages) stages, this one has \(pieces.count)")
    }
    var stages: [LabStage] = []
    var kind = LabValueKind.number
    for (index, piece) in pieces.enumerated() {
      let words = piece.split(whereSeparator: { $0 == " " || $0 == "\t" })
      let place = pieces.count == 1 ? "" : "stage \(index + 1) "
      guard let name = words.first else {
        throw LabPipelineError(
          pieces.count == 1 && text.allSatisfy({ $0 == " " || $0 == "\t" })
            ? "a pipeline needs a stage (use \(LabStage.formList))"
            : "\(place)is empty: stages go between | (use \(LabStage.formList))")
      }
      guard let form = LabStage.forms.first(where: { $0.name == name }) else {
        throw LabPipelineError(
          "\(place)\(UntrustedText.quoted(name)) is not a stage (use \(LabStage.formList))")
      }
      let stage: LabStage
      do {
        stage = try form.read(Array(words.dropFirst()))
      } catch {
        throw LabPipelineError("\(place)\(form.name) \(error.message)")
      }
      guard stage.accepts(kind) else {
        throw LabPipelineError(
          "\(place)\(form.name) takes numbers, but \(stages.last { $0.output(from: .number) == .list }?.text ?? "collect") before it makes lists"
        )
      }
      kind = stage.output(from: kind)
      stages.append(stage)
    }
    return LabPipeline(stages: stages)
  }
}
