/// A publisher into which values can be sent from outside, for each of its subscribers.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Delivers `value` to every subscriber that has demand.
  func send(_ value: Output)

  /// Ends the stream for every subscriber. Later sends and completions are ignored.
  func send(completion: Subscribers.Completion<Failure>)

  /// Receives the subscription of an upstream publisher this subject has been attached to.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Delivers one `Void` value.
  @inlinable
  public func send() {
    send(())
  }
}
