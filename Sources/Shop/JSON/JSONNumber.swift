/// A JSON number as read: a whole number written without fraction or exponent that fits in 18 digits,
/// or any other number, as written.
enum JSONNumber: Equatable {
  /// Written as an integer of at most 18 digits (so it fits in `Int`); `-0` is 0.
  case integer(Int)
  /// Written with a fraction or an exponent, or with more digits; the text as written.
  case other(literal: String)
}
