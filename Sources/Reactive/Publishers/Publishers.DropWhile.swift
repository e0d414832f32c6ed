extension Publisher {
  /// Leaves out values while `predicate` holds; from the first value for which it does not, passes
  /// everything on, without asking the predicate again.
  ///
  /// A value left out does not use up downstream demand: upstream is asked for one more.
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values from the first that does not satisfy a predicate.
  public struct DropWhile<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// Whether to leave a value out, asked until it first says no.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher of `upstream`'s values from the first that does not satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      var dropping = true
      upstream.receive(
        subscriber: DropWhileInner<Upstream.Output, Failure, S>(
          downstream: subscriber,
          step: { value in
            if dropping {
              if predicate(value) { return .skip }
              dropping = false
            }
            return .send(value)
          }, mapFailure: { $0 }))
    }
  }
}

/// The subscriber ``Publishers/DropWhile`` puts between its upstream and downstream.
final class DropWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
  Input, UpstreamFailure, Downstream
>, @unchecked Sendable
{
  override var description: String { "DropWhile" }
}
