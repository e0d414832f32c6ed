/// A publisher that makes a new publisher for each subscriber, when it subscribes.
///
/// Use it to delay work (or a ``Future``'s start) until someone subscribes, and to give every
/// subscriber its own run of it.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The made publisher's values.
  public typealias Output = DeferredPublisher.Output
  /// The made publisher's failure.
  public typealias Failure = DeferredPublisher.Failure

  /// Makes the publisher for one subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a publisher that calls `createPublisher` for each subscriber.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes a publisher and attaches `subscriber` to it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().receive(subscriber: subscriber)
  }
}
