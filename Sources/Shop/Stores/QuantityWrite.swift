/// One write of a quantity store, as a value: what a use case asks of the store, validated by
/// ``QuantityWriteAccess/validate(_:mode:storeQuantity:)`` before the shop changes and performed later,
/// by whoever holds the store, with ``QuantityWriteAccess/perform(_:basket:)``.
///
/// Each store reads a write its own way, spelled out once in ``QuantityWriteAccess``: the controlled
/// store counts the items in or out, the shared subject is sent what the article's code would send, the
/// basket store follows the basket the write leaves.
public enum QuantityWrite: Sendable, Equatable {
  /// These items went into the basket (a paper bag counts for nothing).
  case add([ShoppingItem])
  /// These items came out of the basket.
  case remove([ShoppingItem])
  /// The basket was checked out: the count goes to zero.
  case reset
  /// A reorder put these items back in the basket.
  case reorder([ShoppingItem])
  /// An undo took the basket from the first basket back to the second.
  case restore(from: Basket, to: Basket)
}
