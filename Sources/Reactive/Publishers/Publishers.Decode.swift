extension Publisher {
  /// Decodes each value as an `Item` with `decoder`, such as a `JSONDecoder` reading `Data`; an error
  /// thrown by the decoder cancels upstream and fails the stream with it.
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type, decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// A publisher that decodes each value of its upstream with a ``TopLevelDecoder``.
  ///
  /// Its failure is `any Error`: the upstream's failure or the decoder's error. Nothing is passed on
  /// after the stream ends, though a value arriving before the upstream's subscription is decoded and
  /// passed on, as Combine's is; the subscription describes itself as `Decode`.
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    /// Fails with the upstream's failure or the error the decoder throws.
    public typealias Failure = any Error

    /// The publisher whose values are decoded.
    public let upstream: Upstream
    private let decoder: Coder

    /// Creates a publisher decoding `upstream`'s values with `decoder`.
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    /// Attaches `subscriber` through the decoder.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let decoder = decoder
      upstream.receive(
        subscriber: CodingInner<Upstream.Output, Upstream.Failure, S>(
          name: "Decode", downstream: subscriber, code: { try decoder.decode(Output.self, from: $0) }))
    }
  }
}
