extension Publisher {
  /// Interleaves this publisher's values with those of `other`, a publisher of the same type, as
  /// Combine's does: a ``Publishers/MergeMany`` of the two, which more of that type can join.
  @inlinable
  public func merge(with other: Self) -> Publishers.MergeMany<Self> {
    Publishers.MergeMany(self, other)
  }
}

extension Publishers {
  /// A publisher that interleaves the values of any number of upstreams of one type.
  ///
  /// It finishes once every upstream has finished (at once when there are none), and fails as soon as
  /// one fails, cancelling every upstream (the one that failed too, as Combine's does).
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The upstreams' values.
    public typealias Output = Upstream.Output
    /// Fails when any upstream fails.
    public typealias Failure = Upstream.Failure

    /// The upstreams, subscribed to in this order.
    public let publishers: [Upstream]

    /// Creates a publisher merging `upstream`.
    @inlinable
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Creates a publisher merging the publishers of `upstream`.
    @inlinable
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    /// A publisher merging these upstreams and `other`.
    @inlinable
    public func merge(with other: Upstream) -> MergeMany<Upstream> {
      MergeMany(publishers + [other])
    }

    /// Attaches `subscriber`, then subscribes to every upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = MergeInner<S>(downstream: subscriber, state: MergeState(rules: .merge), output: { $0 })
      inner.startMerging(
        subscriber, sources: publishers.map { publisher in { publisher.receive(subscriber: $0) } })
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}
