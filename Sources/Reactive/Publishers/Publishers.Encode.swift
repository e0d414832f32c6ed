extension Publisher where Output: Encodable {
  /// Encodes each value with `encoder`, such as a `JSONEncoder`; an error thrown by the encoder cancels
  /// upstream and fails the stream with it.
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publishers {
  /// A publisher that encodes each value of its upstream with a ``TopLevelEncoder``.
  ///
  /// Its failure is `any Error`: the upstream's failure or the encoder's error. Nothing is passed on
  /// after the stream ends, though a value arriving before the upstream's subscription is encoded and
  /// passed on, as Combine's is; the subscription describes itself as `Encode`.
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher
  where Upstream.Output: Encodable {
    /// The encoder's output, such as `Data`.
    public typealias Output = Coder.Output
    /// Fails with the upstream's failure or the error the encoder throws.
    public typealias Failure = any Error

    /// The publisher whose values are encoded.
    public let upstream: Upstream
    private let encoder: Coder

    /// Creates a publisher encoding `upstream`'s values with `encoder`.
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    /// Attaches `subscriber` through the encoder.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let encoder = encoder
      upstream.receive(
        subscriber: CodingInner<Upstream.Output, Upstream.Failure, S>(
          name: "Encode", downstream: subscriber, code: { try encoder.encode($0) }))
    }
  }
}
