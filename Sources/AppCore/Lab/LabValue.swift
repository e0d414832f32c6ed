/// A value on a lane of the marble lab: a number (a quantity, or what `map` and `scan` made of it), an
/// interval between two values (`measureInterval`), or the values `collect` gathered.
public indirect enum LabValue: Hashable, Sendable, CustomStringConvertible {
  /// A whole number.
  case number(Int)
  /// Milliseconds between two values.
  case interval(milliseconds: Int)
  /// Values gathered into one.
  case list([LabValue])

  /// `3`, `600ms`, `[1,2,3]`: one word, as script mode prints it.
  public var description: String {
    switch self {
    case .number(let value): "\(value)"
    case .interval(let milliseconds): "\(milliseconds)ms"
    case .list(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
    }
  }

  /// The number a numeric stage works on: the number itself, or an interval's milliseconds; `nil`
  /// for a list (the pipeline's check keeps lists away from numeric stages).
  var numeric: Int? {
    switch self {
    case .number(let value): value
    case .interval(let milliseconds): milliseconds
    case .list: nil
    }
  }

  /// The same kind of value holding `number` instead.
  func withNumeric(_ number: Int) -> LabValue {
    switch self {
    case .interval: .interval(milliseconds: number)
    case .number, .list: .number(number)
    }
  }
}
