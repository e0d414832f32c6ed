/// What an operator with several upstreams must ask of them once its lock is released: requests and
/// cancels, performed in that order by ``perform()``.
struct FanInEffects {
  /// Demand to request, each from its subscription.
  var requests: [(subscription: any Subscription, demand: Subscribers.Demand)] = []
  /// Subscriptions to cancel.
  var cancels: [any Subscription] = []

  /// No requests and no cancels.
  static var none: FanInEffects { FanInEffects() }

  /// Performs the requests, then the cancels. Call without holding any lock.
  func perform() {
    for (subscription, demand) in requests where demand != .none {
      subscription.request(demand)
    }
    for subscription in cancels {
      subscription.cancel()
    }
  }
}
