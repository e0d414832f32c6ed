extension Publisher {
  /// Passes values on while `predicate` holds; at the first value for which it does not, cancels
  /// upstream and finishes, without passing that value on.
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values up to the first that does not satisfy a predicate.
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are passed on.
    public let upstream: Upstream
    /// Whether to go on.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher of `upstream`'s values up to the first that does not satisfy `predicate`.
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.receive(
        subscriber: PrefixWhileInner<Upstream.Output, Failure, S>(
          downstream: subscriber, step: { predicate($0) ? .send($0) : .finish }, mapFailure: { $0 }))
    }
  }
}

/// The subscriber ``Publishers/PrefixWhile`` puts between its upstream and downstream.
final class PrefixWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
  Input, UpstreamFailure, Downstream
>, @unchecked Sendable
{
  override var description: String { "PrefixWhile" }
  /// The downstream, as Combine's (OpenCombine's `PrefixWhileTests.testPrefixWhileReflection`).
  override var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
  override var trapsEventsBeforeSubscription: Bool { true }
}
