/// The states an undo goes back to, most recent last, at most `depth` of them.
///
/// Before each change the app records the state it is about to leave; `u` takes the most recent one
/// and restores it (see `Undo`). A refused change records nothing.
public struct UndoHistory: Sendable, Equatable {
  /// Most steps kept; recording one more forgets the oldest.
  public static let depth = 50

  /// The states kept, oldest first.
  public private(set) var states: [ShopState] = []

  /// An empty history.
  public init() {}

  /// Whether there is nothing to undo.
  public var isEmpty: Bool { states.isEmpty }

  /// Remembers `state`, the state before a change.
  public mutating func record(_ state: ShopState) {
    states.append(state)
    if states.count > Self.depth {
      states.removeFirst(states.count - Self.depth)
    }
  }

  /// The state before the most recent change, now forgotten here; `nil` when there is none.
  public mutating func takeLast() -> ShopState? {
    states.popLast()
  }
}
