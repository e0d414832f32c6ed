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

  /// Ends a live subscription: from `subscribed`, moves to the end and returns the subscription; in
  /// any other phase changes nothing and returns `nil` (an operator waiting for its subscription
  /// still takes one after an event that ends a live one).
  @usableFromInline
  mutating func endIfSubscribed() -> (any Subscription)? {
    guard case .subscribed(let subscription) = self else { return nil }
    self = .terminal
    return subscription
  }
}
