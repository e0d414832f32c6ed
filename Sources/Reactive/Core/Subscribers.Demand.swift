extension Subscribers {
  /// A number of values a subscriber wants: none, a bounded number, or unlimited.
  ///
  /// Arithmetic follows Combine's documented rules and never traps: anything added to, subtracted from
  /// or multiplied with ``unlimited`` leaves it unlimited; a result past `Int.max` is unlimited; a result
  /// below zero is ``none``. It encodes as one unsigned number, as Combine's does.
  @frozen
  public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
    /// `Int.max + 1` stands for unlimited, as in Combine.
    @usableFromInline let rawValue: UInt

    @inlinable
    init(rawValue: UInt) {
      self.rawValue = min(UInt(Int.max) + 1, rawValue)
    }

    /// Unlimited demand: every value.
    @inlinable
    public static var unlimited: Demand { Demand(rawValue: UInt(Int.max) + 1) }
    /// No values.
    @inlinable
    public static var none: Demand { Demand(rawValue: 0) }

    /// A bounded demand of `value` values; `value` must not be negative.
    @inlinable
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "demand must not be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The bounded number, or `nil` for unlimited.
    @inlinable
    public var max: Int? {
      self == .unlimited ? nil : Int(rawValue)
    }

    /// "unlimited" or "max(n)".
    public var description: String {
      self == .unlimited ? "unlimited" : "max(\(rawValue))"
    }

    /// The sum, saturating at unlimited.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited || rhs == .unlimited { return .unlimited }
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow ? .unlimited : Demand(rawValue: sum)
    }

    /// Adds `rhs` to `lhs`.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    /// The sum with a count; a negative count subtracts, down to ``none``.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs < 0 ? lhs.lowered(by: rhs.magnitude) : lhs.raised(by: rhs.magnitude)
    }

    /// Adds a count to `lhs`.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// The difference; unlimited minus anything, unlimited included, stays unlimited; bounded minus
    /// unlimited is ``none``; never below zero.
    @inlinable
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return .unlimited }
      if rhs == .unlimited { return .none }
      return lhs.lowered(by: rhs.rawValue)
    }

    /// Subtracts `rhs` from `lhs`.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// The difference with a count; a negative count adds. Unlimited stays unlimited; never below zero.
    ///
    /// As Combine's, a difference past `Int.max` (a bounded demand minus a negative count) is
    /// ``none``, not unlimited: `.max(Int.max) - (-1)` is `.none`.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      if lhs == .unlimited { return .unlimited }
      let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
      return overflow || difference < 0 ? .none : Demand(rawValue: UInt(difference))
    }

    /// Subtracts a count from `lhs`.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    /// The product with a count: unlimited times anything is unlimited, a product past `Int.max` is
    /// unlimited, and a negative product is ``none``.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      if lhs == .unlimited { return .unlimited }
      if rhs <= 0 || lhs.rawValue == 0 { return .none }
      let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: rhs.magnitude)
      return overflow ? .unlimited : Demand(rawValue: product)
    }

    /// Multiplies `lhs` by a count.
    @inlinable
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// This demand plus `count`, unlimited past `Int.max`.
    @inlinable
    func raised(by count: UInt) -> Demand {
      if self == .unlimited { return .unlimited }
      let (sum, overflow) = rawValue.addingReportingOverflow(count)
      return overflow ? .unlimited : Demand(rawValue: sum)
    }

    /// This demand minus `count`, unlimited if it was, never below zero.
    @inlinable
    func lowered(by count: UInt) -> Demand {
      if self == .unlimited { return .unlimited }
      return rawValue > count ? Demand(rawValue: rawValue - count) : .none
    }

    /// Orders demands; unlimited is greater than every bounded demand.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the demand is bounded and equal to `rhs`.
    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }

    /// Whether the demand is unlimited or differs from `rhs`.
    @inlinable
    public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }

    /// Whether `lhs` equals the bounded demand `rhs`.
    @inlinable
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }

    /// Whether `lhs` differs from `rhs`.
    @inlinable
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }

    /// Whether the demand is bounded and less than `rhs`.
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }

    /// Whether the demand is bounded and at most `rhs`.
    @inlinable
    public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }

    /// Whether the demand is unlimited or greater than `rhs`.
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }

    /// Whether the demand is unlimited or at least `rhs`.
    @inlinable
    public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }

    /// Whether `lhs` is less than the demand.
    @inlinable
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }

    /// Whether `lhs` is at most the demand.
    @inlinable
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }

    /// Whether `lhs` is greater than the demand.
    @inlinable
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }

    /// Whether `lhs` is at least the demand.
    @inlinable
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

    /// Decodes one unsigned number; anything past `Int.max` is unlimited.
    public init(from decoder: any Decoder) throws {
      self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
    }

    /// Encodes the demand as one unsigned number, `Int.max + 1` for unlimited, as Combine does.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
}
