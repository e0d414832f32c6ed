extension Subscribers {
  /// A subscriber that writes each value to a property of an object, which it keeps alive until the
  /// stream ends or the subscription is cancelled.
  ///
  /// It lets the object go outside its lock, so the object's deinit may cancel this very subscriber
  /// (as an object that keeps its own bindings does). Events after the end are ignored; a second
  /// subscription is cancelled.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  {
    /// Assign never fails.
    public typealias Failure = Never

    private let lock = PlainLock.make()
    private var status = SubscriptionStatus.awaiting
    private var target: Root?
    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// Creates a subscriber that writes each value to `object[keyPath: keyPath]`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      target = object
      self.keyPath = keyPath
    }

    /// The object written to; `nil` once the stream has ended or was cancelled.
    public var object: Root? {
      lock.withLock { target }
    }

    /// "Assign" and the root type.
    public var description: String { "Assign \(Root.self)." }

    /// The object, the key path and the subscription status, as Combine shows them.
    public var customMirror: Mirror {
      let (object, status) = lock.withLock { (target, self.status) }
      let children: [Mirror.Child] = [("object", object as Any), ("keyPath", keyPath), ("status", status)]
      return Mirror(self, children: children)
    }

    /// The description.
    public var playgroundDescription: Any { description }

    /// Keeps the subscription and requests unlimited values; cancels it if one came before or the
    /// subscriber has ended.
    public func receive(subscription: any Subscription) {
      let accepted = lock.withLock { status.accept(subscription) }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Writes `value` to the property, unless the subscriber has ended.
    public func receive(_ value: Input) -> Subscribers.Demand {
      let object: Root? = lock.withLock {
        guard case .subscribed = status else { return nil }
        return target
      }
      if let object {
        object[keyPath: keyPath] = value
      }
      return .none
    }

    /// Lets the object and the subscription go.
    public func receive(completion: Subscribers.Completion<Never>) {
      let released: Root? = lock.withLock {
        guard case .subscribed = status else { return nil }
        status = .terminal
        return target.take()
      }
      withExtendedLifetime(released) {}
    }

    /// Cancels the subscription and lets the object go.
    public func cancel() {
      let (subscription, released): ((any Subscription)?, Root?) = lock.withLock {
        if case .terminal = status { return (nil, nil) }
        return (status.terminate(), target.take())
      }
      subscription?.cancel()
      withExtendedLifetime(released) {}
    }
  }
}

extension Publisher where Failure == Never {
  /// Writes each value to `object[keyPath: keyPath]`, keeping `object` alive until the returned
  /// cancellable is cancelled or deinitialized, or the stream ends.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}
