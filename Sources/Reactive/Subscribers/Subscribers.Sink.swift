extension Subscribers {
  /// A subscriber that requests every value and hands each, and the completion, to a closure.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// Called with each value.
    public let receiveValue: (Input) -> Void
    /// Called once with the completion.
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @usableFromInline let status = LockedState.make(SubscriptionStatus.awaiting)

    /// Creates a sink that calls `receiveCompletion` and `receiveValue`.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    /// "Sink".
    public var description: String { "Sink" }

    /// Keeps the subscription and requests unlimited values.
    public func receive(subscription: any Subscription) {
      if status.withLock({ $0.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Hands `value` to ``receiveValue``.
    @inlinable @inline(__always)
    public func receive(_ value: Input) -> Subscribers.Demand {
      receiveValue(value)
      return .none
    }

    /// Hands `completion` to ``receiveCompletion`` and lets the subscription go.
    public func receive(completion: Subscribers.Completion<Failure>) {
      status.withLock { $0 = .terminal }
      receiveCompletion(completion)
    }

    /// Cancels the subscription; nothing more is received.
    public func cancel() {
      status.withLock { $0.terminate() }?.cancel()
    }
  }
}

/// Where a subscriber is in its life: waiting for a subscription, holding one, or done.
@usableFromInline
enum SubscriptionStatus {
  case awaiting
  case subscribed(any Subscription)
  case terminal

  /// Takes `subscription` if none was taken before; false means it must be cancelled.
  @usableFromInline
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaiting = self else { return false }
    self = .subscribed(subscription)
    return true
  }

  /// The subscription held, if any.
  @usableFromInline
  var subscription: (any Subscription)? {
    if case .subscribed(let subscription) = self { return subscription }
    return nil
  }

  /// Ends the subscriber's life; returns the subscription it held, to cancel.
  @usableFromInline
  mutating func terminate() -> (any Subscription)? {
    defer { self = .terminal }
    return subscription
  }
}

extension Publisher {
  /// Attaches a sink that calls `receiveCompletion` once at the end and `receiveValue` for each value.
  ///
  /// The subscription lives until the returned cancellable is cancelled or deinitialized.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink that calls `receiveValue` for each value.
  ///
  /// The subscription lives until the returned cancellable is cancelled or deinitialized.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
