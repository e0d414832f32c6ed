/// Where a subscriber is in its life: waiting for a subscription, holding one, or done.
@usableFromInline
enum SubscriptionStatus {
  case awaiting
  case subscribed(any Subscription)
  case terminal

  /// Takes `subscription` if none was taken before; false means it must be cancelled.
  @usableFromInline
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaiting = self else { return false }
    self = .subscribed(subscription)
    return true
  }

  /// The subscription held, if any.
  @usableFromInline
  var subscription: (any Subscription)? {
    if case .subscribed(let subscription) = self { return subscription }
    return nil
  }

  /// Ends the subscriber's life; returns the subscription it held, to cancel.
  @usableFromInline
  mutating func terminate() -> (any Subscription)? {
    defer { self = .terminal }
    return subscription
  }
}
