import Foundation

extension NotificationCenter {
  /// A publisher of the notifications this center posts with `name` (and from `object`, when given).
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher
  {
    NotificationCenter.Publisher(center: self, name: name, object: object)
  }

  /// A publisher that sends each notification a center posts with a name, from an object or any.
  ///
  /// Each subscriber adds an observer to the center and receives the notifications it has demand
  /// for, on the posting thread; one posted while it has none is dropped for it. Cancelling removes
  /// the observer and lets go of the center. It never completes.
  public struct Publisher: Reactive.Publisher, Equatable {
    /// The posted notification.
    public typealias Output = Notification
    /// It never fails.
    public typealias Failure = Never

    /// The center observed.
    public let center: NotificationCenter
    /// The name of the notifications sent.
    public let name: Notification.Name
    /// The object whose notifications are sent; `nil` for any object's.
    public let object: AnyObject?

    /// Creates a publisher of `center`'s notifications named `name`, from `object` when given.
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    /// Adds an observer for `subscriber` to the center.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
      let subscription = NotificationSubscription(
        center: center, name: name, object: object, downstream: subscriber)
      subscriber.receive(subscription: subscription)
    }

    /// Equal when they observe the same center, name and object.
    public static func == (lhs: Publisher, rhs: Publisher) -> Bool {
      lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
    }
  }
}

/// One subscriber's observer: it delivers the notifications the subscriber has demand for.
private final class NotificationSubscription<Downstream: Subscriber>: DemandGatedSubscription<Downstream>,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
  private struct Observation {
    var center: NotificationCenter?
    var observer: (any NSObjectProtocol)?
  }

  private let name: Notification.Name
  private let object: AnyObject?
  // Guarded by its own mutex (`LockedState`).
  private let observation: LockedState<Observation>

  init(center: NotificationCenter, name: Notification.Name, object: AnyObject?, downstream: Downstream) {
    self.name = name
    self.object = object
    observation = .make(Observation(center: center))
    super.init(downstream: downstream)
    weak let conduit: DemandGatedConduit<Notification>? = self
    let observer = center.addObserver(forName: name, object: object, queue: nil) { note in
      conduit?.deliver(note)
    }
    observation.withLock { $0.observer = observer }
  }

  var description: String { "NotificationCenter Observer" }
  var playgroundDescription: Any { description }
  var customMirror: Mirror {
    let center = observation.withLock { $0.center }
    let children: [Mirror.Child] = [
      ("center", center as Any), ("name", name as Any), ("object", object as Any), ("demand", demand as Any),
    ]
    return Mirror(self, children: children)
  }

  override func cancel() {
    super.cancel()
    let (center, observer) = observation.withLock { observation in
      defer { observation = Observation() }
      return (observation.center, observation.observer)
    }
    if let center, let observer { center.removeObserver(observer) }
  }
}
