import Shop

/// An action drawn as a vertical marker across the timeline's lanes.
public enum TimelineAction: Hashable, Sendable {
  /// The basket was checked out.
  case checkout
  /// The last order (or another) was put back in the basket.
  case reorder
  /// The quantity store changed.
  case mode(QuantityStoreMode)
  /// The debounce interval changed.
  case debounce(DebounceInterval)
  /// A change was undone.
  case undo
  /// An undone change was made again (Ctrl-R).
  case redo

  /// The marker's one-letter mark, and the word that names it.
  public var mark: (letter: Character, name: String) {
    switch self {
    case .checkout: ("C", "checkout")
    case .reorder: ("R", "reorder")
    case .mode(let mode): ("M", "\(mode.rawValue) store")
    case .debounce(let interval): ("D", "debounce \(interval)")
    case .undo: ("U", "undo")
    case .redo: ("Y", "redo")
    }
  }
}
