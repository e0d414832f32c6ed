import Shop

/// A change the user asks of the shop, from a key or a script line.
public enum ShopCommand: Equatable, Sendable {
  /// Put `quantity` of the item with this id in the basket.
  case add(id: String, quantity: Int)
  /// Take `quantity` of the item with this id out of the basket.
  case remove(id: String, quantity: Int)
  /// Add a free paper bag.
  case bag
  /// Put the last order's items back in the basket.
  case reorder
  /// Put the items of the order at this index of the history (oldest first) back in the basket.
  case reorderOrder(Int)
  /// Take the shop back to this earlier state (the undo key), writing the store through its path.
  case undo(to: ShopState)
  /// Take the shop forward again to this state, which an undo left (Ctrl-R): carried out as an undo is,
  /// through the same validation and store write, and marked on the timeline as a redo.
  case redo(to: ShopState)
  /// Turn the basket into an order.
  case checkout
  /// Switch the quantity store.
  case mode(QuantityStoreMode)
  /// Change the debounce interval, from the next value on.
  case debounce(DebounceInterval)
  /// Show the store's values through one of the old comparison lanes (`nil`: no lane): a one-stage
  /// pipeline, its throttle over the debounce interval of the moment.
  case compare(Comparison?)
  /// Show the store's values through `pipeline`, one lane per stage (`nil`: no lanes).
  case lane(LabPipeline?)
}

extension ShopCommand {
  /// The command as a script line says it: `add apple 2`.
  var scriptText: String {
    switch self {
    case .add(let id, let quantity): quantity == 1 ? "add \(id)" : "add \(id) \(quantity)"
    case .remove(let id, let quantity): quantity == 1 ? "remove \(id)" : "remove \(id) \(quantity)"
    case .bag: "bag"
    case .reorder: "reorder"
    case .reorderOrder(let index): "reorder order \(index + 1)"
    case .checkout: "checkout"
    case .undo: "undo"
    case .redo: "redo"
    case .mode(let mode): "mode \(mode.rawValue)"
    case .debounce(let interval): "debounce \(interval)"
    case .compare(let comparison): "compare \(comparison?.rawValue ?? "none")"
    case .lane(let pipeline): "lane \(pipeline?.description ?? "none")"
    }
  }

  /// The keys a user would press for it on the main screen: `2a` for `add apple 2` (with Apple
  /// selected), `c y` for a checkout.
  var keys: String {
    switch self {
    case .add(_, let quantity): quantity == 1 ? "a" : "\(quantity)a"
    case .remove(_, let quantity): quantity == 1 ? "x" : "\(quantity)x"
    case .bag: "b"
    case .reorder: "r"
    case .reorderOrder: "o r"
    case .checkout: "c y"
    case .undo: "u"
    case .redo: "Ctrl-R"
    case .mode: "m"
    case .debounce: "+ -"
    case .compare: "l"
    case .lane: ":"
    }
  }
}
