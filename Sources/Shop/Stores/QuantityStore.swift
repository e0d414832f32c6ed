import Reactive

/// The basket quantity the badge shows, readable by anyone; how it is written depends on the store.
public protocol QuantityStore: AnyObject, Sendable {
  /// The current quantity.
  var quantity: Int { get }
  /// The quantity now and every later change.
  var quantityPublisher: AnyPublisher<Int, Never> { get }
  /// How writers reach this store: named methods, a subject anyone may send to, or the basket itself.
  var writeAccess: QuantityWriteAccess { get }
}
