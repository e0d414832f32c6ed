/// Why the controlled store refused a write; `description` is one line.
public enum QuantityStoreError: Error, Equatable, CustomStringConvertible {
  /// An item carried a negative quantity.
  case negativeItemQuantity(itemID: String, quantity: Int)
  /// The write would take the quantity below zero.
  case wouldBeNegative(current: Int, removing: Int)
  /// The write would take the quantity above `ControlledQuantityStore.maximumQuantity`.
  case wouldExceedMaximum(current: Int, adding: Int, maximum: Int)

  /// One line saying what was refused.
  public var description: String {
    switch self {
    case .negativeItemQuantity(let itemID, let quantity):
      return "item \(UntrustedText.quoted(itemID)) has a negative quantity (\(quantity))"
    case .wouldBeNegative(let current, let removing):
      return "cannot remove \(removing) from a basket quantity of \(current): it would be negative"
    case .wouldExceedMaximum(let current, let adding, let maximum):
      return "cannot add \(adding) to a basket quantity of \(current): the most is \(maximum)"
    }
  }
}
