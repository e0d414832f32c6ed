/// A sink's value closure in an object of its own, for values that reach the sink through
/// ``Subscribers/Sink/receive(_:)``: called from this object's `let`, the closure is not retained
/// and released around each call, as a closure kept in a variable is.
@usableFromInline
final class SinkValueBox<Input> {
  @usableFromInline let body: (Input) -> Void

  @inlinable
  init(_ body: @escaping (Input) -> Void) {
    self.body = body
  }
}
