/// Why a basket or order operation was refused; `description` is one line for the user.
public enum BasketError: Error, Equatable, CustomStringConvertible {
  /// A quantity of zero or less was asked for.
  case nonPositiveQuantity(Int)
  /// Adding would take a line above its limit.
  case lineLimitExceeded(name: String, inBasket: Int, adding: Int, limit: Int)
  /// Removing more than the basket holds (nothing at all when `inBasket` is 0).
  case notEnoughInBasket(name: String, inBasket: Int, removing: Int)
  /// Checkout with nothing in the basket.
  case emptyBasket
  /// Reorder before any checkout.
  case noPreviousOrder

  /// One line saying what was refused and why.
  public var description: String {
    switch self {
    case .nonPositiveQuantity(let quantity):
      return "quantity must be at least 1, got \(quantity)"
    case .lineLimitExceeded(let name, let inBasket, let adding, let limit):
      return "cannot add \(adding) × \(name): the basket holds \(inBasket) and a line holds at most \(limit)"
    case .notEnoughInBasket(let name, let inBasket, let removing):
      return inBasket == 0
        ? "cannot remove \(name): it is not in the basket"
        : "cannot remove \(removing) × \(name): the basket holds only \(inBasket)"
    case .emptyBasket:
      return "cannot check out: the basket is empty"
    case .noPreviousOrder:
      return "cannot reorder: there is no previous order"
    }
  }
}
