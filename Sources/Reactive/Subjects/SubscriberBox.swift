/// A subscriber that is a struct, such as ``AnySubscriber``, kept in an object so that a conduit can
/// hold every subscriber the same way.
@usableFromInline
final class SubscriberBox<Wrapped: Subscriber>: BoxedSubscriber {
  @usableFromInline let wrapped: Wrapped

  @inlinable
  init(_ wrapped: Wrapped) {
    self.wrapped = wrapped
  }

  /// The subscriber.
  var unboxed: Any { wrapped }
}

/// A ``SubscriberBox`` whatever its subscriber's type, for the mirror.
protocol BoxedSubscriber {
  /// The subscriber in the box.
  var unboxed: Any { get }
}

/// Unboxing, for a conduit's mirror.
enum SubscriberBoxes {
  /// The subscriber `object` holds, if it is a box, or `object` itself.
  static func unboxed(_ object: AnyObject) -> Any {
    (object as? any BoxedSubscriber)?.unboxed ?? object
  }
}
