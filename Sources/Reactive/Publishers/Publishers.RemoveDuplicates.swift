extension Publisher where Output: Equatable {
  /// Drops each value equal to the value received just before it.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Drops each value for which `predicate(previous, value)` is true, where `previous` is the value
  /// received just before it (dropped or not).
  @inlinable
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops consecutive duplicates, comparing each value with the last one received.
  ///
  /// A dropped value does not use up downstream demand: the operator asks upstream for one more.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are dropped.
    public let upstream: Upstream
    /// Whether two consecutive values count as duplicates.
    public let predicate: (Output, Output) -> Bool

    /// Creates a publisher dropping `upstream`'s consecutive values for which `predicate` holds.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` behind the duplicate check.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: RemoveDuplicatesInner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers {
  /// The subscriber that ``RemoveDuplicates`` puts between its upstream and downstream. It lives outside the
  /// generic publisher type so that its type does not repeat the upstream's: the optimizer refuses to
  /// specialize through types that look like they grow without end. It holds the last value;
  /// `receive(_:)` calls are serialized by the upstream, so it needs no lock.
  @usableFromInline
  final class RemoveDuplicatesInner<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let predicate: (Output, Output) -> Bool
    @usableFromInline var last: Output?

    @inlinable
    init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
      self.downstream = downstream
      self.predicate = predicate
    }

    @usableFromInline var description: String { "RemoveDuplicates" }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Output) -> Subscribers.Demand {
      if let last, predicate(last, input) {
        self.last = input
        return .max(1)
      }
      last = input
      return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
