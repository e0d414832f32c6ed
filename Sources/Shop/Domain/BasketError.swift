/// Why a basket or order operation was refused; `description` is one line for the user.
public enum BasketError: Error, Equatable, CustomStringConvertible {
  /// A quantity of zero or less was asked for.
  case nonPositiveQuantity(Int)
  /// Adding would take a line above its limit.
  case lineLimitExceeded(name: String, inBasket: Int, adding: Int, limit: Int)
  /// Adding a new line to a basket that holds `Basket.maximumLineCount` lines; the item's name.
  case tooManyLines(name: String, limit: Int)
  /// Removing more than the basket holds (nothing at all when `inBasket` is 0).
  case notEnoughInBasket(name: String, inBasket: Int, removing: Int)
  /// Checkout with nothing in the basket.
  case emptyBasket
  /// Checkout of a basket that holds paper bags and nothing else.
  case onlyPaperBags
  /// Checkout of a basket holding lines the catalog no longer sells; their names, in basket order.
  case unavailableItems(names: [String])
  /// Reorder before any checkout.
  case noPreviousOrder
  /// Reorder of an order none of whose items (paper bags aside) the catalog still sells; how many
  /// of its lines it no longer sells.
  case nothingLeftToReorder(leftOut: Int)

  /// One line saying what was refused and why.
  public var description: String {
    switch self {
    case .nonPositiveQuantity(let quantity):
      return "quantity must be at least 1, got \(quantity)"
    case .lineLimitExceeded(let name, let inBasket, let adding, let limit):
      return "cannot add \(adding) × \(name): the basket holds \(inBasket) and a line holds at most \(limit)"
    case .tooManyLines(let name, let limit):
      return "cannot add \(name): the basket holds \(limit) lines, the most it can"
    case .notEnoughInBasket(let name, let inBasket, let removing):
      return inBasket == 0
        ? "cannot remove \(name): it is not in the basket"
        : "cannot remove \(removing) × \(name): the basket holds only \(inBasket)"
    case .emptyBasket:
      return "cannot check out: the basket is empty"
    case .onlyPaperBags:
      return "cannot check out: the basket holds only paper bags"
    case .unavailableItems(let names):
      guard names.count > 1 else {
        return "cannot check out: \(names.first ?? "an item") is no longer sold; remove it first"
      }
      let shown = names.prefix(Self.namesShown).joined(separator: ", ")
      let more = names.count > Self.namesShown ? " and \(names.count - Self.namesShown) more" : ""
      return "cannot check out: \(names.count) items are no longer sold (\(shown)\(more)); remove them first"
    case .noPreviousOrder:
      return "cannot reorder: there is no previous order"
    case .nothingLeftToReorder(let leftOut):
      return leftOut == 0
        ? "cannot reorder: the order holds only paper bags"
        : "cannot reorder: none of the order's items is sold any more"
    }
  }

  /// Most item names one message lists.
  private static let namesShown = 3
}
