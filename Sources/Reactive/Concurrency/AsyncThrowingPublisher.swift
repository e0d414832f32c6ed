extension Publisher {
  /// The publisher's values as an asynchronous sequence that throws the publisher's failure, for
  /// `for try await value in publisher.values`.
  public var values: AsyncThrowingPublisher<Self> {
    AsyncThrowingPublisher(self)
  }
}

/// A publisher seen as an asynchronous sequence of its values that throws its failure.
///
/// Making an iterator subscribes to the publisher; each call of the iterator's `next()` asks it for one
/// value, as Combine's does. The sequence ends when the publisher finishes, throws once when it fails,
/// and ends when the task waiting in `next()` is cancelled, which cancels the subscription.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
  /// The publisher's values.
  public typealias Element = P.Output

  private let publisher: P

  /// Creates the sequence of `publisher`'s values.
  public init(_ publisher: P) {
    self.publisher = publisher
  }

  /// Subscribes to the publisher and returns an iterator over its values.
  public func makeAsyncIterator() -> Iterator {
    let subscriber = AsyncValuesSubscriber<P.Output, P.Failure>()
    publisher.subscribe(subscriber)
    return Iterator(subscriber: subscriber)
  }

  /// Gives one value of the publisher per call.
  public struct Iterator: AsyncIteratorProtocol {
    private let subscriber: AsyncValuesSubscriber<P.Output, P.Failure>

    fileprivate init(subscriber: AsyncValuesSubscriber<P.Output, P.Failure>) {
      self.subscriber = subscriber
    }

    /// Asks the publisher for one value and waits for it; `nil` once it has finished or the task is
    /// cancelled; throws the publisher's failure.
    public mutating func next() async throws -> P.Output? {
      try await subscriber.next().get()
    }
  }
}
