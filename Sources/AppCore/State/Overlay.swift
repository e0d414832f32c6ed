import Foundation
import Shop

/// What covers the main screen.
public enum Overlay: Equatable, Sendable {
  /// Every key and the store modes explained, scrolled down by `scroll` lines.
  case help(scroll: Int)
  /// "Check out these lines?", waiting for y or n.
  case confirmCheckout
  /// "Undo the checkout?", waiting for y or n: the undo would delete the order just placed.
  case confirmUndoCheckout
  /// The message log, scrolled down by `scroll` lines from the newest.
  case messages(scroll: Int)
  /// The order history, newest first, with the order at `selection` (counted from the newest)
  /// selected; `showingLines` when its lines are shown.
  case history(selection: Int, showingLines: Bool)
  /// What the catalog says of the item with this id, and how many the basket holds.
  case details(itemID: String)
}
