extension Publisher {
  /// Replaces each value with the property at `keyPath`, as `map { $0[keyPath: keyPath] }` does.
  @inlinable
  public func map<Result>(_ keyPath: KeyPath<Output, Result>) -> Publishers.MapKeyPath<Self, Result> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
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
