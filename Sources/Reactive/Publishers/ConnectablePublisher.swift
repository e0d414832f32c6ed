/// A publisher that starts its work only when told to, by ``connect()``, whoever has subscribed by then.
///
/// Subscribe everyone who must see the first values, then connect; or call ``autoconnect()`` to connect
/// on the first subscription.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Starts the work; cancelling the result stops it.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects when the first subscriber arrives, and disconnects when every subscriber has cancelled.
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}
