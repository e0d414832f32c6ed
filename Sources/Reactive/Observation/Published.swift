/// A property of a class that publishes each new value, before it is stored.
///
/// `$property` is a publisher that gives the current value on subscribe and then each new value in
/// `willSet` order: inside a subscriber the property still holds the old value. When the class is an
/// ``ObservableObject``, its `objectWillChange` fires before each set.
@propertyWrapper
public struct Published<Value> {
  @usableFromInline let storage: PublishedStorage<Value>

  /// Creates the property with its first value.
  public init(wrappedValue: Value) {
    storage = PublishedStorage(wrappedValue)
  }

  /// Creates the property with its first value.
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  /// Unavailable: `@Published` works only on properties of classes.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  /// The property's publisher; assigning a publisher's output to it goes through ``Publisher/assign(to:)``.
  public var projectedValue: Publisher {
    get { Publisher(storage) }
    // Combine lets `$property` be passed `inout` to `assign(to:)`; the storage is shared, so a set
    // has nothing to replace.
    set {}
  }

  /// Reads and writes the property through its enclosing object, so that a set can announce the
  /// change on the object's `objectWillChange`. Inlinable, so that the key paths are resolved in the
  /// class that declares the property rather than through an unspecialised generic call per access
  /// (the `@Published set` row of `make bench`).
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set {
      let storage = object[keyPath: storageKeyPath].storage
      if !storage.isConnected, object is any ObservableObject {
        PublishedRegistry.connect(object)
      }
      storage.set(newValue)
    }
  }

  /// The publisher of a ``Published`` property.
  public struct Publisher: Reactive.Publisher {
    /// The property's values.
    public typealias Output = Value
    /// It never fails.
    public typealias Failure = Never

    let storage: PublishedStorage<Value>

    init(_ storage: PublishedStorage<Value>) {
      self.storage = storage
    }

    /// Attaches `subscriber`, which receives the current value on its first request.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.subject.receive(subscriber: subscriber)
    }

    /// Attaches a sink that calls `receiveCompletion` at the end and `receiveValue` with each value,
    /// the current one first, as ``Publisher/sink(receiveCompletion:receiveValue:)`` does, without a
    /// ``Subscribers/Sink`` between it and the property (see ``SinkBodies``).
    public func sink(
      receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
      receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
      storage.subject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// Attaches a sink that calls `receiveValue` with each value, the current one first, as
    /// ``Publisher/sink(receiveValue:)`` does, without a ``Subscribers/Sink`` between them.
    public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
      storage.subject.sink(receiveValue: receiveValue)
    }
  }
}

extension Reactive.Publisher where Failure == Never {
  /// Writes each value to a ``Published`` property, as long as the property exists.
  ///
  /// No cancellable is returned: the subscription ends when the object owning the property goes away.
  public func assign(to published: inout Published<Output>.Publisher) {
    subscribe(PublishedAssignment(published.storage))
  }
}
