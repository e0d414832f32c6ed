extension Subscribers {
  /// A subscriber that writes each value to a property of an object, which it keeps alive until the
  /// stream ends or the subscription is cancelled.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// Assign never fails.
    public typealias Failure = Never

    private let lock = PlainLock.make()
    private var status = SubscriptionStatus.awaiting
    /// The object written to; `nil` once the stream has ended or was cancelled.
    public private(set) var object: Root?
    /// The property written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    /// Creates a subscriber that writes each value to `object[keyPath: keyPath]`.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    /// "Assign" and the root type.
    public var description: String { "Assign \(Root.self)." }

    /// Keeps the subscription and requests unlimited values.
    public func receive(subscription: any Subscription) {
      let accepted: Bool = lock.withLock {
        guard case .awaiting = status else { return false }
        status = .subscribed(subscription)
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Writes `value` to the property.
    public func receive(_ value: Input) -> Subscribers.Demand {
      if let object = lock.withLock({ self.object }) {
        object[keyPath: keyPath] = value
      }
      return .none
    }

    /// Lets the object and the subscription go.
    public func receive(completion: Subscribers.Completion<Never>) {
      lock.withLock {
        status = .terminal
        object = nil
      }
    }

    /// Cancels the subscription and lets the object go.
    public func cancel() {
      let subscription: (any Subscription)? = lock.withLock {
        defer {
          status = .terminal
          object = nil
        }
        if case .subscribed(let subscription) = status { return subscription }
        return nil
      }
      subscription?.cancel()
    }
  }
}

extension Publisher where Failure == Never {
  /// Writes each value to `object[keyPath: keyPath]`, keeping `object` alive until the returned
  /// cancellable is cancelled or deinitialized.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}
