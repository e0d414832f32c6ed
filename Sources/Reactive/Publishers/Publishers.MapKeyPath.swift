extension Publisher {
  /// Replaces each value with the property at `keyPath`, as `map { $0[keyPath: keyPath] }` does.
  @inlinable
  public func map<Result>(_ keyPath: KeyPath<Output, Result>) -> Publishers.MapKeyPath<Self, Result> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  /// Replaces each value with a tuple of the properties at two key paths.
  @inlinable
  public func map<Output0, Output1>(
    _ keyPath0: KeyPath<Output, Output0>, _ keyPath1: KeyPath<Output, Output1>
  ) -> Publishers.MapKeyPath2<Self, Output0, Output1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }

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
  /// A publisher that replaces each value of its upstream with the property at a key path.
  ///
  /// As Combine's, it keeps no state: the downstream gets the upstream's own subscription, and
  /// whatever the upstream sends is passed on. Its subscriber describes itself as `ValueForKey`.
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The property read from each value.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Creates a publisher reading `keyPath` from each of `upstream`'s values.
    @inlinable
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Attaches `subscriber` through the key path.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath = keyPath
      upstream.receive(
        subscriber: ValueForKeyInner<Upstream.Output, S>(
          downstream: subscriber, keyPaths: [keyPath], read: { $0[keyPath: keyPath] }))
    }
  }

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

extension Publishers {
  /// The subscriber that ``MapKeyPath``, ``MapKeyPath2`` and ``MapKeyPath3`` put between their
  /// upstream and downstream. Like ``Map``'s, it hands the upstream's subscription straight to the
  /// downstream and passes on whatever the upstream sends; it describes itself as Combine's does:
  /// `ValueForKey` with the child `keyPath` for one key path, `ValueForKeys` with `keyPath0` and on
  /// for more.
  @usableFromInline
  struct ValueForKeyInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let keyPaths: [AnyKeyPath]
    @usableFromInline let read: (Input) -> Downstream.Input
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, keyPaths: [AnyKeyPath], read: @escaping (Input) -> Downstream.Input) {
      self.downstream = downstream
      self.keyPaths = keyPaths
      self.read = read
      combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var combineName: String { keyPaths.count == 1 ? "ValueForKey" : "ValueForKeys" }

    @usableFromInline var reflectedChildren: [Mirror.Child] {
      guard keyPaths.count > 1 else { return keyPaths.map { (label: "keyPath", value: $0) } }
      return keyPaths.enumerated().map { (label: "keyPath\($0.offset)", value: $0.element) }
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(read(input))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
