/// Why a shopping action was refused; `description` is one line for the user.
public enum ShoppingError: Error, Equatable, CustomStringConvertible {
  /// The basket or order history refused it.
  case basket(BasketError)
  /// The controlled quantity store refused it.
  case quantity(QuantityStoreError)

  /// The underlying error's line.
  public var description: String {
    switch self {
    case .basket(let error): return error.description
    case .quantity(let error): return error.description
    }
  }
}
