/// What `filter` keeps.
public enum LabTest: Hashable, Sendable {
  /// Even values.
  case even
  /// Odd values.
  case odd
  /// Values greater than this.
  case greaterThan(Int)
  /// Values less than this.
  case lessThan(Int)

  /// `even`, `odd`, `>3`, `<10`.
  var text: String {
    switch self {
    case .even: "even"
    case .odd: "odd"
    case .greaterThan(let bound): ">\(bound)"
    case .lessThan(let bound): "<\(bound)"
    }
  }

  var laneName: String {
    switch self {
    case .even: "evens"
    case .odd: "odds"
    case .greaterThan, .lessThan: "only" + text
    }
  }

  /// Whether `value` passes.
  func passes(_ value: Int) -> Bool {
    switch self {
    case .even: value % 2 == 0
    case .odd: value % 2 != 0
    case .greaterThan(let bound): value > bound
    case .lessThan(let bound): value < bound
    }
  }
}
