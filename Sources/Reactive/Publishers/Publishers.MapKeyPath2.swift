extension Publisher {
  /// Replaces each value with a tuple of the properties at two key paths.
  @inlinable
  public func map<Output0, Output1>(
    _ keyPath0: KeyPath<Output, Output0>, _ keyPath1: KeyPath<Output, Output1>
  ) -> Publishers.MapKeyPath2<Self, Output0, Output1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }
}

extension Publishers {
  /// A publisher that replaces each value of its upstream with a tuple of the properties at two key
  /// paths.
  ///
  /// As Combine's, it keeps no state; its subscriber describes itself as `ValueForKeys`.
  public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
    /// The two properties read from each value.
    public typealias Output = (Output0, Output1)
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// Creates a publisher reading `keyPath0` and `keyPath1` from each of `upstream`'s values.
    @inlinable
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
    }

    /// Attaches `subscriber` through the key paths.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1) = (keyPath0, keyPath1)
      upstream.receive(
        subscriber: ValueForKeyInner<Upstream.Output, S>(
          downstream: subscriber, keyPaths: [keyPath0, keyPath1],
          read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }))
    }
  }
}
