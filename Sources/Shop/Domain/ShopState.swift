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
  /// Refused, changing nothing, when the basket is empty, holds only paper bags (an order of bags
  /// alone would replace the real last order), or holds lines `catalog` no longer sells: those are
  /// never ordered; the error names them, and the user removes them first.
  @discardableResult
  public mutating func checkout(at date: Date, from catalog: Catalog) throws(BasketError) -> Order {
    guard !basket.isEmpty else { throw .emptyBasket }
    let unavailable = catalog.unavailableItems(in: basket.lines)
    guard unavailable.isEmpty else { throw .unavailableItems(names: unavailable.map(\.name)) }
    guard basket.badgeQuantity > 0 else { throw .onlyPaperBags }
    let order = Order(items: basket.lines, placedAt: date)
    orders.append(order)
    if orders.count > Self.orderHistoryLimit {
      orders.removeFirst(orders.count - Self.orderHistoryLimit)
    }
    basket.removeAll()
    return order
  }

  /// Adds `order`'s items to the basket at today's names and prices from `catalog`, all or none.
  ///
  /// Items the catalog no longer sells are left out and reported; prices that changed since the
  /// order are reported. Refused when nothing but paper bags would be added. `order` need not be the
  /// last one: any order from ``orders`` can be reordered.
  @discardableResult
  public mutating func reorder(_ order: Order, from catalog: Catalog) throws(BasketError) -> ReorderResult {
    var added: [ShoppingItem] = []
    var priceChanges: [PriceChange] = []
    var leftOut: [ShoppingItem] = []
    added.reserveCapacity(order.items.count)
    for line in order.items {
      guard let today = catalog.item(withID: line.id) else {
        leftOut.append(line)
        continue
      }
      if today.price != line.price {
        priceChanges.append(
          PriceChange(itemID: line.id, name: today.name, orderedPrice: line.price, currentPrice: today.price))
      }
      added.append(today.withQuantity(line.quantity))
    }
    guard added.contains(where: { !$0.isPaperBag }) else {
      throw .nothingLeftToReorder(leftOut: leftOut.count)
    }
    try basket.add(added)
    return ReorderResult(added: added, priceChanges: priceChanges, leftOut: leftOut)
  }

  /// ``reorder(_:from:)`` of the most recent order; refused when there is none.
  @discardableResult
  public mutating func reorderLastOrder(from catalog: Catalog) throws(BasketError) -> ReorderResult {
    guard let order = lastOrder else { throw .noPreviousOrder }
    return try reorder(order, from: catalog)
  }
}
