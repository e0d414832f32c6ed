extension Publisher {
  /// Replaces each value with a tuple of the properties at three key paths.
  @inlinable
  public func map<Output0, Output1, Output2>(
    _ keyPath0: KeyPath<Output, Output0>, _ keyPath1: KeyPath<Output, Output1>,
    _ keyPath2: KeyPath<Output, Output2>
  ) -> Publishers.MapKeyPath3<Self, Output0, Output1, Output2> {
    Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// A publisher that replaces each value of its upstream with a tuple of the properties at three key
  /// paths.
  ///
  /// As Combine's, it keeps no state; its subscriber describes itself as `ValueForKeys`.
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    /// The three properties read from each value.
    public typealias Output = (Output0, Output1, Output2)
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>
    /// The third property read from each value.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    /// Creates a publisher reading the three key paths from each of `upstream`'s values.
    @inlinable
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>, keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    /// Attaches `subscriber` through the key paths.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1, keyPath2) = (keyPath0, keyPath1, keyPath2)
      upstream.receive(
        subscriber: ValueForKeyInner<Upstream.Output, S>(
          downstream: subscriber, keyPaths: [keyPath0, keyPath1, keyPath2],
          read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }))
    }
  }
}
