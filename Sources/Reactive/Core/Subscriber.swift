/// A type that receives values and a completion from a publisher.
///
/// A subscriber first receives a ``Subscription``, through which it requests values; then at most as
/// many values as it requested; then at most one completion.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Receives the subscription, through which to request values or cancel.
  func receive(subscription: any Subscription)

  /// Receives one value and returns how many more values it wants, beyond those already requested.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Receives the end of the stream, normal or with an error.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Receives one `Void` value.
  @inlinable
  public func receive() -> Subscribers.Demand {
    receive(())
  }
}
