/// A subject that delivers each value it is sent to the subscribers it has at that moment.
///
/// It keeps no value: a subscriber receives only what is sent after it subscribed and while it has
/// demand. Values reach subscribers in the order they subscribed.
///
/// Safe to use from any thread, and no lock is held while a subscriber is called: a subscriber may
/// wait for another thread that subscribes, cancels or sends. Each subscriber receives values one
/// call at a time, in the order the sends happened; a value sent while another thread is still
/// calling a subscriber reaches that subscriber when the call returns, from that thread, so every
/// value has reached every subscriber once all sends have returned; that thread delivers for as long
/// as others keep sending to the subscriber. A subscriber still receiving its subscription on another
/// thread is not yet sent values (the thread subscribing it would otherwise deliver others' values
/// for as long as they send). A send from inside a subscriber's `receive` is delivered at once,
/// recursively, as in Combine.
///
/// Attached to upstream publishers (``Publisher/subscribe(_:)->()`` or ``send(subscription:)``),
/// it requests unlimited values from them once any of its subscribers first demands, and cancels
/// them when it is deallocated. Its subscriptions keep it alive until they end.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  @usableFromInline let core = SubjectCore<Output, Failure>(kind: .passthrough, current: nil)

  /// Creates a subject with no subscribers.
  public init() {}

  deinit {
    core.cancelUpstreams()
  }

  /// Attaches `subscriber`; after completion it receives only the completion.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber, parent: self)
  }

  /// Delivers `input` to every current subscriber that has demand; ignored after completion.
  @inlinable
  public func send(_ input: Output) {
    core.send(input)
  }

  /// Ends the stream; only the first completion is delivered, after the values sent before it.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Keeps an upstream subscription: requests unlimited values from it once a subscriber has
  /// demanded (at once if one already has), and cancels it when the subject is deallocated.
  public func send(subscription: any Subscription) {
    core.accept(upstream: subscription)
  }
}

extension PassthroughSubject {
  /// Attaches a sink that calls `receiveCompletion` once at the end and `receiveValue` for each
  /// value, as ``Publisher/sink(receiveCompletion:receiveValue:)`` does.
  ///
  /// The same sink, attached without a ``Subscribers/Sink`` between it and the subject (nothing
  /// outside can tell: the subscription stays inside the returned cancellable); see ``SinkBodies``.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    core.attachSink(
      SinkBodiesWithCompletion(receiveCompletion: receiveCompletion, receiveValue: receiveValue),
      parent: self)
  }
}

extension PassthroughSubject where Failure == Never {
  /// Attaches a sink that calls `receiveValue` for each value, as
  /// ``Publisher/sink(receiveValue:)`` does, without a ``Subscribers/Sink`` between them.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    core.attachSink(SinkBodies(receiveValue: receiveValue), parent: self)
  }
}
