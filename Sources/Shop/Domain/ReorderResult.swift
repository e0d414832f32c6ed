/// What a reorder put in the basket and what it could not, for the app to word.
public struct ReorderResult: Sendable, Equatable {
  /// The lines added, in the order's order: each the catalog's item today (name and price) with the
  /// order's quantity.
  public let added: [ShoppingItem]
  /// The added lines whose price today differs from the order's.
  public let priceChanges: [PriceChange]
  /// The order's lines whose items the catalog no longer sells, as they were in the order; not added.
  public let leftOut: [ShoppingItem]

  /// Creates a result.
  public init(added: [ShoppingItem], priceChanges: [PriceChange], leftOut: [ShoppingItem]) {
    self.added = added
    self.priceChanges = priceChanges
    self.leftOut = leftOut
  }

  /// The units added that the badge counts (paper bags excluded).
  public var addedQuantity: Int { ItemCalculator.totalQuantity(of: added) }

  /// One line for the status bar: "reordered 3 items; 1 price changed; 1 item no longer sold left out".
  ///
  /// Items reordered are counted in units, as the badge counts them; prices changed and items left
  /// out are counted in lines (kinds of item). A part with nothing to say is left out.
  public var summary: String {
    var parts = ["reordered \(Self.count(addedQuantity, "item"))"]
    if !priceChanges.isEmpty {
      parts.append("\(Self.count(priceChanges.count, "price")) changed")
    }
    if !leftOut.isEmpty {
      parts.append("\(Self.count(leftOut.count, "item")) no longer sold left out")
    }
    return parts.joined(separator: "; ")
  }

  private static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
