import Synchronization

/// The shared, reference-typed state of one ``Published`` property: its value, the subject behind
/// `$property`, and the owner's `objectWillChange` once it is known.
@usableFromInline
final class PublishedStorage<Value>: PublishedStorageBase, @unchecked Sendable {
  /// Guards `current`: held for a copy or a swap of the value, never while anyone's code runs (the old
  /// value is released after), so a ``BriefLock``: one atomic operation per set fewer than a mutex (the
  /// `@Published set` row of `make bench`).
  @usableFromInline let lock = BriefLock()
  @usableFromInline @exclusivity(unchecked) var current: Value
  @usableFromInline let subject: CurrentValueSubject<Value, Never>
  /// The subscription of an ``Publisher/assign(to:)``, cancelled when the property goes away.
  var assignment: (any Cancellable)?

  init(_ value: Value) {
    current = value
    subject = CurrentValueSubject(value, kind: .published)
  }

  deinit {
    assignment?.cancel()
  }

  @inlinable
  var value: Value { lock.withLock { current } }

  /// Announces the change, publishes the new value while the old one is still stored, then stores it.
  /// The old value is let go outside the lock, as releasing it may run code that reads the property.
  /// Inlinable, so that the sends are specialised for the property's type where it is declared.
  @inlinable
  func set(_ newValue: Value) {
    sendObjectWillChange()
    subject.send(newValue)
    var replaced = newValue
    lock.withLock { swap(&current, &replaced) }
    withExtendedLifetime(replaced) {}
  }
}

/// What every ``PublishedStorage`` has regardless of its value type: the owner's change publisher.
@usableFromInline
class PublishedStorageBase: @unchecked Sendable {
  /// The owner's change publisher once connected, as the address of a reference this storage holds:
  /// set once, under ``PublishedRegistry/lock``, and read on every set of the property with one
  /// atomic load, rather than the registry's lock or `AtomicLazyReference`, whose `load` is a generic
  /// call that looks up metadata each time (half of the `@Published set` row of `make bench`).
  private let publisherAddress = Atomic<UInt>(0)

  deinit {
    let address = publisherAddress.load(ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: address) {
      Unmanaged<ObservableObjectPublisher>.fromOpaque(pointer).release()
    }
  }

  /// Whether the property is connected to its object's change publisher yet: one atomic load, no
  /// retain (the `@Published set` row of `make bench`).
  @usableFromInline
  final var isConnected: Bool { publisherAddress.load(ordering: .acquiring) != 0 }

  /// Announces a change on the object's change publisher, if connected, without retaining it: the
  /// storage holds it until its deinit, and a set runs while the object keeps the storage.
  @usableFromInline
  final func sendObjectWillChange() {
    let address = publisherAddress.load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
    Unmanaged<ObservableObjectPublisher>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.send() }
  }

  /// The owner's change publisher, or `nil` until the property is connected to it.
  @usableFromInline
  final var objectWillChange: ObservableObjectPublisher? {
    let address = publisherAddress.load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
    return Unmanaged<ObservableObjectPublisher>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Connects the property to `shared`, unless it already has a publisher. Call holding
  /// ``PublishedRegistry/lock``, which makes the check and the store one step.
  final func connect(to shared: ObservableObjectPublisher) {
    guard publisherAddress.load(ordering: .relaxed) == 0 else { return }
    let address = UInt(bitPattern: Unmanaged.passRetained(shared).toOpaque())
    publisherAddress.store(address, ordering: .releasing)
  }
}

/// Lets a mirror find ``Published`` properties whatever their value type.
protocol PublishedProperty {
  var storageBase: PublishedStorageBase { get }
}

extension Published: PublishedProperty {
  var storageBase: PublishedStorageBase { storage }
}

/// Connects an object's ``Published`` properties to one `objectWillChange` publisher, found or made
/// the first time either is needed.
@usableFromInline
enum PublishedRegistry {
  nonisolated(unsafe) static let lock = PlainLock.make(recursive: true)

  /// The change publishers of objects without `@Published` properties, by object: kept here, as
  /// Linux has no associated objects to keep them in the object, while the object lives, and let go
  /// by a sweep once it is gone.
  private struct Unpublished {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }
  nonisolated(unsafe) private static var unpublished: [ObjectIdentifier: Unpublished] = [:]
  /// The table's size at which the next sweep of the dead objects' publishers runs: twice what was
  /// left after the last one (and at least 64), so that sweeping costs a constant per insertion.
  nonisolated(unsafe) private static var nextSweep = 64

  /// The object's change publisher, the same on every access while the object lives, as Combine's:
  /// shared by all its `@Published` properties, or, for an object without any, kept in a table.
  static func objectWillChange(of object: AnyObject) -> ObservableObjectPublisher {
    if let shared = connect(object) { return shared }
    // The swept publishers are let go after the lock: letting go of their subscribers may run code
    // that asks for a publisher again.
    var swept: [ObjectIdentifier: Unpublished] = [:]
    defer { withExtendedLifetime(swept) {} }
    return lock.withLock {
      let key = ObjectIdentifier(object)
      if let entry = unpublished[key], entry.object === object { return entry.publisher }
      let publisher = ObservableObjectPublisher()
      unpublished[key] = Unpublished(object: object, publisher: publisher)
      if unpublished.count >= nextSweep {
        swept = unpublished
        unpublished = swept.filter { $0.value.object != nil }
        nextSweep = max(64, 2 * unpublished.count)
      }
      return publisher
    }
  }

  /// Gives every `@Published` property of `object` the same change publisher; returns it, or `nil`
  /// when the object has no such property.
  @discardableResult @usableFromInline
  static func connect(_ object: AnyObject) -> ObservableObjectPublisher? {
    var storages: [PublishedStorageBase] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? any PublishedProperty {
          storages.append(property.storageBase)
        }
      }
      mirror = current.superclassMirror
    }
    guard !storages.isEmpty else { return nil }
    return lock.withLock {
      let shared = storages.lazy.compactMap(\.objectWillChange).first ?? ObservableObjectPublisher()
      for storage in storages { storage.connect(to: shared) }
      return shared
    }
  }
}

/// The subscriber of ``Publisher/assign(to:)``: writes into the property's storage, which it holds
/// weakly, while the storage holds the subscription; so the property's life bounds the subscription's.
final class PublishedAssignment<Value>: Subscriber, @unchecked Sendable {
  typealias Input = Value
  typealias Failure = Never

  private weak var storage: PublishedStorage<Value>?

  init(_ storage: PublishedStorage<Value>) {
    self.storage = storage
  }

  func receive(subscription: any Subscription) {
    guard let storage else {
      subscription.cancel()
      return
    }
    storage.assignment?.cancel()
    storage.assignment = subscription
    subscription.request(.unlimited)
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    storage?.set(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
