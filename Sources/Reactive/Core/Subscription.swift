/// The link between a publisher and one subscriber: the subscriber requests values through it, or
/// cancels it.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks for up to `demand` more values. Demand adds up; it never goes down except by delivery.
  func request(_ demand: Subscribers.Demand)
}

/// Namespace for ready-made subscriptions.
public enum Subscriptions {
  /// A subscription that does nothing: for publishers that complete without delivering anything.
  public static var empty: any Subscription { EmptySubscription.shared }
}

/// Describes itself as Combine's does: "Empty", with no mirror children.
private final class EmptySubscription: Subscription, CombineReflecting, Sendable {
  static let shared = EmptySubscription()
  let combineIdentifier = CombineIdentifier()
  var combineName: String { "Empty" }
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}
