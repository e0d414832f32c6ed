/// One stage of a marble-lab pipeline: one of `Reactive`'s operators with its arguments, written as
/// the operator is named (`debounce 500ms`, `throttle 1s latest`, `filter even`). ``LabStage/forms``
/// is the one table of what may be written; the parser, the error messages and the help read it.
public enum LabStage: Hashable, Sendable {
  /// `removeDuplicates()`.
  case removeDuplicates
  /// `debounce(for:scheduler:)` over this many milliseconds.
  case debounce(milliseconds: Int)
  /// `throttle(for:scheduler:latest:)` over this many milliseconds.
  case throttle(milliseconds: Int, latest: Bool)
  /// `delay(for:scheduler:)` by this many milliseconds.
  case delay(milliseconds: Int)
  /// `dropFirst(_:)`.
  case dropFirst(Int)
  /// `prefix(_:)`: this many values, then the lane finishes.
  case prefix(Int)
  /// `filter(_:)` with one of the lab's tests.
  case filter(LabTest)
  /// `map(_:)` with one of the lab's sums.
  case map(LabArithmetic)
  /// `scan(_:_:)` keeping a running sum or maximum.
  case scan(LabRunning)
  /// `collect(_:)`: values gathered in lists of this many.
  case collect(Int)

  /// The stage as it is written, its durations in the shortest form: `debounce 500ms`,
  /// `throttle 1s latest`. Parsing it gives the stage back.
  public var text: String {
    switch self {
    case .removeDuplicates: "removeDuplicates"
    case .debounce(let milliseconds): "debounce \(LabStage.duration(milliseconds))"
    case .throttle(let milliseconds, let latest):
      "throttle \(LabStage.duration(milliseconds)) \(latest ? "latest" : "first")"
    case .delay(let milliseconds): "delay \(LabStage.duration(milliseconds))"
    case .dropFirst(let count): "dropFirst \(count)"
    case .prefix(let count): "prefix \(count)"
    case .filter(let test): "filter \(test.text)"
    case .map(let arithmetic): "map \(arithmetic.text)"
    case .scan(let running): "scan \(running.rawValue)"
    case .collect(let count): "collect \(count)"
    }
  }

  /// The stage in at most seven columns, for the name of its lane on the timeline.
  public var laneName: String {
    let short: String
    switch self {
    case .removeDuplicates: short = "dedupe"
    case .debounce(let milliseconds): short = "deb" + LabStage.compactDuration(milliseconds)
    case .throttle(let milliseconds, let latest):
      short = "thr" + LabStage.compactDuration(milliseconds) + (latest ? "L" : "F")
    case .delay(let milliseconds): short = "dly" + LabStage.compactDuration(milliseconds)
    case .dropFirst(let count): short = "drop \(count)"
    case .prefix(let count): short = "pref \(count)"
    case .filter(let test): short = test.laneName
    case .map(let arithmetic): short = "map" + arithmetic.text
    case .scan(let running): short = running.rawValue
    case .collect(let count): short = "coll \(count)"
    }
    return String(short.prefix(7))
  }

  /// The kind of value the stage passes on, given the kind it receives.
  func output(from input: LabValueKind) -> LabValueKind {
    switch self {
    case .collect: .list
    default: input
    }
  }

  /// Whether the stage can take values of `kind`: the numeric stages cannot take lists.
  func accepts(_ kind: LabValueKind) -> Bool {
    switch self {
    case .filter, .map, .scan: kind == .number
    default: true
    }
  }

  /// `500ms`, `1s`, `1.5s`: whole seconds and tenths above a second in seconds, else milliseconds.
  static func duration(_ milliseconds: Int) -> String {
    if milliseconds >= 1000, milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds > 1000, milliseconds % 100 == 0 {
      return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)s"
    }
    return "\(milliseconds)ms"
  }

  /// `.5s`, `1s`, `1.5s`, `250ms`: the duration in as few columns as it reads.
  private static func compactDuration(_ milliseconds: Int) -> String {
    if milliseconds > 0, milliseconds < 1000, milliseconds % 100 == 0 { return ".\(milliseconds / 100)s" }
    return duration(milliseconds)
  }
}
