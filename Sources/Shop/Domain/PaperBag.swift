extension ShoppingItem {
  /// The identifier of the paper bag.
  public static let paperBagID = "paper-bag"

  /// The free paper bag: it can be added any number of times and never counts towards the badge.
  public static func paperBag(quantity: Int = 1) -> ShoppingItem {
    ShoppingItem(id: paperBagID, name: "Paper bag", price: 0, quantity: quantity)
  }

  /// Whether this is the paper bag.
  public var isPaperBag: Bool { id == Self.paperBagID }
}
