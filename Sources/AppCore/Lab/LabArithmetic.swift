/// What `map` does to each value; results saturate at the ends of `Int` rather than trap.
public enum LabArithmetic: Hashable, Sendable {
  /// Adds this (`+N`, or `-N` for a negative one).
  case add(Int)
  /// Multiplies by this (`*N`).
  case multiply(Int)

  /// `+1`, `-2`, `*10`.
  var text: String {
    switch self {
    case .add(let operand): operand < 0 ? "\(operand)" : "+\(operand)"
    case .multiply(let operand): "*\(operand)"
    }
  }

  /// `value` with the sum applied.
  func apply(to value: Int) -> Int {
    switch self {
    case .add(let operand): LabRunning.saturating(value.addingReportingOverflow(operand), sign: operand)
    case .multiply(let operand):
      LabRunning.saturating(
        value.multipliedReportingOverflow(by: operand), sign: value.signum() * operand.signum())
    }
  }
}
