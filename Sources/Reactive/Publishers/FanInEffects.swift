/// What an operator with several upstreams must ask of them once its lock is released: requests and
/// cancels, performed in that order by ``perform()``.
@usableFromInline
struct FanInEffects {
  /// Demand to request, each from its subscription.
  @usableFromInline var requests: [(subscription: any Subscription, demand: Subscribers.Demand)] = []
  /// Subscriptions to cancel.
  @usableFromInline var cancels: [any Subscription] = []

  /// No requests and no cancels yet.
  @inlinable
  init() {}

  /// No requests and no cancels.
  @inlinable
  static var none: FanInEffects { FanInEffects() }

  /// Performs the requests, then the cancels. Call without holding any lock.
  @inlinable
  func perform() {
    for (subscription, demand) in requests where demand != .none {
      subscription.request(demand)
    }
    for subscription in cancels {
      subscription.cancel()
    }
  }
}
