import Foundation

/// Everything that outlives a run: the basket and the order history, oldest order first.
public struct ShopState: Sendable, Equatable {
  /// Most orders kept; checkout drops the oldest beyond this.
  public static let orderHistoryLimit = 100

  /// The current basket.
  public var basket: Basket
  /// Past orders, oldest first.
  public private(set) var orders: [Order]

  /// Creates a state; with no arguments, an empty basket and no orders.
  public init(basket: Basket = Basket(), orders: [Order] = []) {
    self.basket = basket
    self.orders = Array(orders.suffix(Self.orderHistoryLimit))
  }

  /// The most recent order, if any.
  public var lastOrder: Order? { orders.last }

  /// Turns the basket into an order placed at `date` and empties the basket.
  ///
  /// An empty basket cannot be checked out.
  @discardableResult
  public mutating func checkout(at date: Date) throws(BasketError) -> Order {
    guard !basket.isEmpty else { throw .emptyBasket }
    let order = Order(items: basket.lines, placedAt: date)
    orders.append(order)
    if orders.count > Self.orderHistoryLimit {
      orders.removeFirst(orders.count - Self.orderHistoryLimit)
    }
    basket.removeAll()
    return order
  }

  /// Adds the last order's items to the basket, all or none, and returns them.
  @discardableResult
  public mutating func reorderLastOrder() throws(BasketError) -> [ShoppingItem] {
    guard let order = lastOrder else { throw .noPreviousOrder }
    try basket.add(order.items)
    return order.items
  }
}
