/// The order the item list is shown in; `s` moves to the next.
public enum ListOrder: Equatable, Sendable, CaseIterable {
  /// As the catalog lists the items.
  case catalog
  /// By name, ignoring case and accents as the filter does; equal names in catalog order.
  case name
  /// By price, cheapest first; equal prices in catalog order.
  case price

  /// The order after this one: catalog, name, price, and round again.
  public var next: ListOrder {
    switch self {
    case .catalog: .name
    case .name: .price
    case .price: .catalog
    }
  }

  /// How the list title names the order (`by name`); `nil` for catalog order, which needs no name.
  public var title: String? {
    switch self {
    case .catalog: nil
    case .name: "by name"
    case .price: "by price"
    }
  }
}
