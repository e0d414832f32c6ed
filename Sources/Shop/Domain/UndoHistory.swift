/// The states an undo goes back to, most recent last, at most `depth` of them, and the states a redo
/// goes forward to again.
///
/// Before each change the app records the state it is about to leave; `u` takes the most recent one
/// and restores it (see `Undo`), and keeps the state it left for a redo (Ctrl-R). A new change forgets
/// what could be redone. A refused change records nothing.
public struct UndoHistory: Sendable, Equatable {
  /// Most steps kept, each way; recording one more forgets the oldest.
  public static let depth = 50

  /// The states kept for undo, oldest first.
  public private(set) var states: [ShopState] = []
  /// The states undone, for redo, the one to redo first last.
  public private(set) var redoStates: [ShopState] = []

  /// An empty history.
  public init() {}

  /// Whether there is nothing to undo.
  public var isEmpty: Bool { states.isEmpty }

  /// Remembers `state`, the state before a new change; what could be redone is forgotten.
  public mutating func record(_ state: ShopState) {
    Self.push(state, onto: &states)
    redoStates.removeAll()
  }

  /// The state before the most recent change, now forgotten here; `nil` when there is none.
  public mutating func takeLast() -> ShopState? {
    states.popLast()
  }

  /// Remembers `state`, the state an undo just left, for a redo.
  public mutating func recordUndone(_ state: ShopState) {
    Self.push(state, onto: &redoStates)
  }

  /// The state the most recent undo left, now forgotten here; `nil` when there is none.
  public mutating func takeRedo() -> ShopState? {
    redoStates.popLast()
  }

  /// Puts `state` back as the most recent to undo, keeping what can be redone: an undo that was
  /// refused, or the state a redo just left.
  public mutating func putBack(_ state: ShopState) {
    Self.push(state, onto: &states)
  }

  private static func push(_ state: ShopState, onto list: inout [ShopState]) {
    list.append(state)
    if list.count > depth { list.removeFirst(list.count - depth) }
  }
}
