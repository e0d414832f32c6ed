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

/// What a center's observer block calls, whatever the subscriber's type.
private class NotificationConduit: @unchecked Sendable {
  /// Delivers `note` if the subscriber has demand.
  func deliver(_ note: Notification) {}
}

private final class NotificationSubscription<Downstream: Subscriber>: NotificationConduit, Subscription,
  CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
  private struct State {
    var center: NotificationCenter?
    var observer: (any NSObjectProtocol)?
    var downstream: Downstream?
    var demand = Subscribers.Demand.none
  }

  private let name: Notification.Name
  private let object: AnyObject?
  private let state: LockedState<State>

  init(center: NotificationCenter, name: Notification.Name, object: AnyObject?, downstream: Downstream) {
    self.name = name
    self.object = object
    state = .make(State(center: center, downstream: downstream))
    super.init()
    weak let conduit: NotificationConduit? = self
    let observer = center.addObserver(forName: name, object: object, queue: nil) { note in
      conduit?.deliver(note)
    }
    state.withLock { $0.observer = observer }
  }

  var description: String { "NotificationCenter Observer" }
  var playgroundDescription: Any { description }
  var customMirror: Mirror {
    let (center, demand) = state.withLock { ($0.center, $0.demand) }
    let children: [Mirror.Child] = [
      ("center", center as Any), ("name", name as Any), ("object", object as Any), ("demand", demand as Any),
    ]
    return Mirror(self, children: children)
  }

  override func deliver(_ note: Notification) {
    let downstream: Downstream? = state.withLock { state in
      guard state.demand > 0 else { return nil }
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return }
    let more = downstream.receive(note)
    if more != .none { state.withLock { $0.demand += more } }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand != .none else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += demand }
    }
  }

  func cancel() {
    let (center, observer) = state.withLock { state in
      defer {
        state.center = nil
        state.observer = nil
        state.downstream = nil
      }
      return (state.center, state.observer)
    }
    if let center, let observer { center.removeObserver(observer) }
  }
}
