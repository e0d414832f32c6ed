/// The shared, reference-typed state of one ``Published`` property: its value, the subject behind
/// `$property`, and the owner's `objectWillChange` once it is known.
final class PublishedStorage<Value>: PublishedStorageBase, @unchecked Sendable {
  private let lock = PlainLock.make()
  private var current: Value
  let subject: CurrentValueSubject<Value, Never>
  /// The subscription of an ``Publisher/assign(to:)``, cancelled when the property goes away.
  var assignment: (any Cancellable)?

  init(_ value: Value) {
    current = value
    subject = CurrentValueSubject(value, kind: .published)
  }

  deinit {
    assignment?.cancel()
  }

  var value: Value { lock.withLock { current } }

  /// Announces the change, publishes the new value while the old one is still stored, then stores it.
  /// The old value is let go outside the lock, as releasing it may run code that reads the property.
  func set(_ newValue: Value) {
    objectWillChange?.send()
    subject.send(newValue)
    var replaced = newValue
    lock.withLock { swap(&current, &replaced) }
    withExtendedLifetime(replaced) {}
  }
}

/// What every ``PublishedStorage`` has regardless of its value type: the owner's change publisher.
class PublishedStorageBase: @unchecked Sendable {
  var objectWillChange: ObservableObjectPublisher? {
    get { PublishedRegistry.lock.withLock { publisher } }
    set { PublishedRegistry.lock.withLock { publisher = newValue } }
  }
  private var publisher: ObservableObjectPublisher?
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
enum PublishedRegistry {
  nonisolated(unsafe) static let lock = PlainLock.make(recursive: true)

  /// The object's change publisher, shared by all its `@Published` properties; a fresh publisher for
  /// an object without any.
  static func objectWillChange(of object: AnyObject) -> ObservableObjectPublisher {
    connect(object) ?? ObservableObjectPublisher()
  }

  /// Gives every `@Published` property of `object` the same change publisher; returns it, or `nil`
  /// when the object has no such property.
  @discardableResult
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
      for storage in storages where storage.objectWillChange == nil {
        storage.objectWillChange = shared
      }
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
