/// A subject that holds a current value and delivers it to each new subscriber on its first demand.
///
/// Sending a value (or setting ``value``) makes it the current value and delivers it. A subscriber
/// whose demand is exhausted keeps only the latest value it missed and gets it on its next request.
/// Values reach subscribers in the order they subscribed. After completion sends are ignored, setting
/// ``value`` still changes it (and sends nothing), and a new subscriber receives only the completion.
///
/// Safe to use from any thread, with the same guarantees as ``PassthroughSubject``: no lock is held
/// while a subscriber is called, each subscriber receives values one call at a time in the order the
/// sends happened, and a send from inside a subscriber's `receive` is delivered at once,
/// recursively, as in Combine. Values sent by other threads while a subscriber is still receiving
/// its subscription are not delivered one by one: it gets the latest of them once it is done. Attached to an upstream publisher, it requests unlimited values from
/// it at once, and cancels it when deallocated.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  @usableFromInline let core: SubjectCore<Output, Failure>

  /// Creates a subject holding `value`.
  public init(_ value: Output) {
    core = SubjectCore(kind: .currentValue, current: value)
  }

  /// A subject holding `value` whose subscriptions are of `kind`: `@Published`'s are named as
  /// Combine's are.
  init(_ value: Output, kind: SubjectKind) {
    core = SubjectCore(kind: kind, current: value)
  }

  deinit {
    core.cancelUpstreams()
  }

  /// The current value; setting it sends the new value to subscribers. After completion, setting it
  /// still changes it, and sends nothing.
  public var value: Output {
    get { core.currentValue }
    set { core.send(newValue, storingAfterCompletion: true) }
  }

  /// Attaches `subscriber`; it receives the current value when it first requests.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber, parent: self)
  }

  /// Makes `input` the current value and delivers it; ignored after completion.
  @inlinable
  public func send(_ input: Output) {
    core.send(input)
  }

  /// Ends the stream; only the first completion is delivered, after the values sent before it.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Keeps an upstream subscription and requests unlimited values from it at once; cancels it when
  /// the subject is deallocated.
  public func send(subscription: any Subscription) {
    core.accept(upstream: subscription)
  }
}

extension CurrentValueSubject {
  /// Attaches a sink that calls `receiveCompletion` once at the end and `receiveValue` for each
  /// value, the current one first, as ``Publisher/sink(receiveCompletion:receiveValue:)`` does.
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

extension CurrentValueSubject where Failure == Never {
  /// Attaches a sink that calls `receiveValue` for each value, the current one first, as
  /// ``Publisher/sink(receiveValue:)`` does, without a ``Subscribers/Sink`` between them.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    core.attachSink(SinkBodies(receiveValue: receiveValue), parent: self)
  }
}
