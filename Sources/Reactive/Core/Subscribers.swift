/// Namespace for subscriber types and the types they share: ``Demand`` and ``Completion``.
public enum Subscribers {}

extension Subscribers {
  /// How a stream ended.
  public enum Completion<Failure: Error> {
    /// Normally, with no error.
    case finished
    /// With an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
