/// The units that take one basket to another, line by line: what an undo writes to a quantity store.
///
/// Names and prices do not matter here, only how many units of each id.
public struct BasketDifference: Sendable, Equatable {
  /// Units to add, one item per id that `target` holds more of, in `target`'s line order.
  public let added: [ShoppingItem]
  /// Units to take away, one item per id that `source` holds more of, in `source`'s line order.
  public let removed: [ShoppingItem]

  /// The difference that takes `source` to `target`; O(1) per line of either.
  public init(from source: Basket, to target: Basket) {
    var added: [ShoppingItem] = []
    for line in target.lines {
      let more = line.quantity - source.quantity(ofItemWithID: line.id)
      if more > 0 { added.append(line.withQuantity(more)) }
    }
    var removed: [ShoppingItem] = []
    for line in source.lines {
      let fewer = line.quantity - target.quantity(ofItemWithID: line.id)
      if fewer > 0 { removed.append(line.withQuantity(fewer)) }
    }
    self.added = added
    self.removed = removed
  }

  /// Whether the two baskets hold the same units.
  public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}
