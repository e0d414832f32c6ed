extension Publisher {
  /// Leaves out values while a predicate that may throw holds; from the first value for which it does
  /// not, passes everything on. A thrown error cancels upstream and fails the stream with it.
  ///
  /// A value left out does not use up downstream demand: upstream is asked for one more.
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values from the first that does not satisfy a throwing predicate.
  public struct TryDropWhile<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// Whether to leave a value out, asked until it first says no; it may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of `upstream`'s values from the first that does not satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      var dropping = true
      upstream.receive(
        subscriber: TryDropWhileInner<Upstream.Output, Upstream.Failure, S>(
          downstream: subscriber,
          step: { value in
            if dropping {
              do {
                if try predicate(value) { return .skip }
              } catch {
                return .fail(error)
              }
              dropping = false
            }
            return .send(value)
          }, mapFailure: { $0 }))
    }
  }
}

/// The subscriber ``Publishers/TryDropWhile`` puts between its upstream and downstream.
final class TryDropWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
  Input, UpstreamFailure, Downstream
>, @unchecked Sendable
{
  override var description: String { "TryDropWhile" }
}
