/// The bits of a ``Subscribers/Sink``'s phase: where it is in its life, whether a value call is
/// under way, and how many cancels on other threads wait for that call to return.
@usableFromInline
enum SinkPhase {
  /// Waiting for a subscription.
  @inlinable static var awaiting: Int { 0 }
  /// Storing the subscription; a few instructions long.
  @inlinable static var subscribing: Int { 1 }
  /// Receiving values.
  @inlinable static var subscribed: Int { 2 }
  /// Completed or cancelled: nothing more is received.
  @inlinable static var terminal: Int { 3 }
  /// Masks the four stages above.
  @inlinable static var stage: Int { 3 }
  /// A value is being handed to the closure by ``Subscribers/Sink/receive(_:)``: whoever ends the
  /// sink meanwhile leaves its closures for that call to let go when it returns.
  @inlinable static var inCall: Int { 4 }
  /// One cancel on another thread waiting for the value call under way to return; the bits from
  /// this one up count them, and the call wakes that many when it returns.
  @inlinable static var waiter: Int { 8 }
}
