extension Publisher where Failure == Never {
  /// The publisher's values as an asynchronous sequence, for `for await value in publisher.values`.
  public var values: AsyncPublisher<Self> {
    AsyncPublisher(self)
  }
}

/// A publisher that never fails, seen as an asynchronous sequence of its values.
///
/// Making an iterator subscribes to the publisher; each call of the iterator's `next()` asks it for one
/// value, as Combine's does, so a value is only produced when a loop is ready for it. The sequence
/// ends when the publisher finishes, or when the task waiting in `next()` is cancelled, which cancels
/// the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
  /// The publisher's values.
  public typealias Element = P.Output

  private let publisher: P

  /// Creates the sequence of `publisher`'s values.
  public init(_ publisher: P) {
    self.publisher = publisher
  }

  /// Subscribes to the publisher and returns an iterator over its values.
  public func makeAsyncIterator() -> Iterator {
    let subscriber = AsyncValuesSubscriber<P.Output, Never>()
    publisher.subscribe(subscriber)
    return Iterator(subscriber: subscriber)
  }

  /// Gives one value of the publisher per call.
  public struct Iterator: AsyncIteratorProtocol {
    private let subscriber: AsyncValuesSubscriber<P.Output, Never>

    fileprivate init(subscriber: AsyncValuesSubscriber<P.Output, Never>) {
      self.subscriber = subscriber
    }

    /// Asks the publisher for one value and waits for it; `nil` once it has finished or the task is
    /// cancelled.
    public mutating func next() async -> P.Output? {
      await subscriber.next().get()
    }
  }
}
