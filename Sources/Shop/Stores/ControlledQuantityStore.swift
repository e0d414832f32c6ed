import Reactive

/// The basket quantity, owned and written in one place.
///
/// - Who owns the data: this store; its subject is private.
/// - Who may write it: anyone holding the store, but only through `updateQuantity(with:)`,
///   `removeQuantity(of:)`, `changeQuantity(adding:removing:)` and `resetOnCheckout()`.
/// - How: each write is one atomic read-modify-write under a lock, so concurrent writers lose nothing.
/// - Transformation: items become a count; paper bags never count.
/// - Validation: item quantities must not be negative, and the result must stay within
///   `0...maximumQuantity`; a refused write throws and changes nothing.
/// - Who reads it: anyone, through `quantity` and `quantityPublisher` (no value repeats the one
///   before it). Every subscriber receives values in write order, even when it writes from inside
///   its sink, and the last value each one receives equals `quantity`.
///
/// Repeats are removed where the quantity is written: a write that leaves it as it was publishes
/// nothing, so the subject is only ever sent changes, and a subscriber that takes every value (a
/// sink) is attached to it directly, with no operator of its own between them. A subscriber that
/// limits its demand gets, on its next request, only the latest value it missed, which may be the
/// one it received last; it is attached behind `removeDuplicates()`, which drops that repeat.
public final class ControlledQuantityStore: QuantityStore {
  /// The highest quantity: every line of the largest catalog at the line limit.
  public static let maximumQuantity = Basket.lineLimit * Catalog.maximumItemCount

  private let owned: OwnedValue<Int, Int>

  /// Creates a store holding `quantity`, which must be in `0...maximumQuantity`.
  public init(quantity: Int = 0) {
    precondition((0...Self.maximumQuantity).contains(quantity), "quantity \(quantity) out of range")
    owned = OwnedValue(quantity, publishing: quantity)
  }

  /// The quantity after every write so far, delivered or not.
  public var quantity: Int { owned.read { $0 } }

  /// The quantity now and every change, without repeats.
  public var quantityPublisher: AnyPublisher<Int, Never> {
    QuantityChanges(subject: owned.subject).eraseToAnyPublisher()
  }

  /// `.controlled(self)`.
  public var writeAccess: QuantityWriteAccess { .controlled(self) }

  /// Adds the items' quantities, paper bags excluded.
  public func updateQuantity(with items: [ShoppingItem]) throws(QuantityStoreError) {
    try changeQuantity(adding: items, removing: [])
  }

  /// Takes the items' quantities away, paper bags excluded; never below zero.
  public func removeQuantity(of items: [ShoppingItem]) throws(QuantityStoreError) {
    try changeQuantity(adding: [], removing: items)
  }

  /// Adds `added`'s quantities and takes `removed`'s away in one write, paper bags excluded: what an
  /// undo needs, so the badge sees one change, not two.
  public func changeQuantity(
    adding added: [ShoppingItem], removing removed: [ShoppingItem]
  ) throws(QuantityStoreError) {
    let adding = try Self.countedQuantity(of: added)
    let removing = try Self.countedQuantity(of: removed)
    try write { (current) throws(QuantityStoreError) in
      try Self.quantity(after: current, adding: adding, removing: removing)
    }
  }

  /// What a store holding `current` would hold after adding `added`'s quantities and taking
  /// `removed`'s away, paper bags excluded, or why it refuses: the store's whole validation, as a
  /// function of the quantity it holds, so that a write can be checked before anything changes.
  public static func quantity(
    after current: Int, adding added: [ShoppingItem], removing removed: [ShoppingItem]
  ) throws(QuantityStoreError) -> Int {
    try quantity(after: current, adding: countedQuantity(of: added), removing: countedQuantity(of: removed))
  }

  private static func quantity(after current: Int, adding: Int, removing: Int) throws(QuantityStoreError)
    -> Int
  {
    guard removing <= current + adding else {
      throw .wouldBeNegative(current: current + adding, removing: removing)
    }
    guard adding - removing <= maximumQuantity - current else {
      throw .wouldExceedMaximum(current: current, adding: adding - removing, maximum: maximumQuantity)
    }
    return current + adding - removing
  }

  /// Sets the quantity to zero, as after a checkout.
  public func resetOnCheckout() {
    write { _ in 0 }
  }

  private static func countedQuantity(of items: [ShoppingItem]) throws(QuantityStoreError) -> Int {
    var total = 0
    for item in items where !item.isPaperBag {
      guard item.quantity >= 0 else { throw .negativeItemQuantity(itemID: item.id, quantity: item.quantity) }
      guard item.quantity <= maximumQuantity - total else {
        throw .wouldExceedMaximum(current: 0, adding: item.quantity, maximum: maximumQuantity)
      }
      total += item.quantity
    }
    return total
  }

  /// Applies `change` to the quantity atomically, then publishes the result in write order, unless
  /// it is the quantity the store held already.
  private func write<E: Error>(_ change: (Int) throws(E) -> Int) throws(E) {
    try owned.write { (quantity) throws(E) -> Int? in
      let changed = try change(quantity)
      guard changed != quantity else { return nil }
      quantity = changed
      return changed
    }
  }
}

/// The store's subject, which is only ever sent a change, as its readers get it: a sink directly, any
/// other subscriber behind `removeDuplicates()`.
private struct QuantityChanges: Publisher {
  typealias Output = Int
  typealias Failure = Never

  let subject: CurrentValueSubject<Int, Never>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    if let sink = subscriber as? Subscribers.Sink<Int, Never> {
      // A sink requests every value when it subscribes, so it receives the current value and then
      // every value sent, each different from the one before it.
      subject.receive(subscriber: sink)
    } else {
      // Another subscriber may limit its demand, and then receive again a value it already has.
      subject.removeDuplicates().receive(subscriber: subscriber)
    }
  }
}
