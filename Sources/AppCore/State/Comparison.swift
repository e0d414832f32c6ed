/// What the timeline's extra lane shows (`l` cycles them): the values the store published, through a
/// real operator of `Reactive`, beside what the debounce made of them.
public enum Comparison: String, CaseIterable, Equatable, Sendable {
  /// No operator: every value the store published, as it was published.
  case raw
  /// `removeDuplicates()`: a value only when it differs from the one before.
  case dedupe
  /// `throttle(for: interval, latest: true)`: the first value at once, then the latest of each interval.
  case throttleLatest = "throttle-latest"
  /// `throttle(for: interval, latest: false)`: the first value at once, then the first of each interval.
  case throttleFirst = "throttle-first"

  /// The lane's name, at most seven columns.
  var laneName: String {
    switch self {
    case .raw: "raw"
    case .dedupe: "dedupe"
    case .throttleLatest: "thr.lst"
    case .throttleFirst: "thr.1st"
    }
  }

  /// The operator as code: `throttle(latest: true)`.
  var code: String {
    switch self {
    case .raw: "no operator"
    case .dedupe: "removeDuplicates()"
    case .throttleLatest: "throttle(latest: true)"
    case .throttleFirst: "throttle(latest: false)"
    }
  }

  /// The one after `current` as `l` cycles them, then none.
  static func next(after current: Comparison?) -> Comparison? {
    guard let current else { return allCases.first }
    let index = allCases.firstIndex(of: current)! + 1
    return index < allCases.count ? allCases[index] : nil
  }
}
