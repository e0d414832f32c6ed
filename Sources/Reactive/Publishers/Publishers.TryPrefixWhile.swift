extension Publisher {
  /// Passes values on while a predicate that may throw holds; at the first value for which it does
  /// not, cancels upstream and finishes. A thrown error cancels upstream and fails the stream with it.
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>
  {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values up to the first that does not satisfy a throwing predicate.
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// Whether to go on; it may throw.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher of `upstream`'s values up to the first that does not satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: TryPrefixWhileInner<Upstream.Output, Upstream.Failure, S>(
          downstream: subscriber,
          step: { value in
            do {
              return try predicate(value) ? .send(value) : .finish
            } catch {
              return .fail(error)
            }
          }, mapFailure: { $0 }))
    }
  }
}

/// The subscriber ``Publishers/TryPrefixWhile`` puts between its upstream and downstream.
final class TryPrefixWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
  Input, UpstreamFailure, Downstream
>, @unchecked Sendable
{
  override var description: String { "TryPrefixWhile" }
  /// The downstream, as Combine's (OpenCombine's `PrefixWhileTests.testTryPrefixWhileReflection`).
  override var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
  override var trapsEventsBeforeSubscription: Bool { true }
}
