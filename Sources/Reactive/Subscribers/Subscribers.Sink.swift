import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Subscribers {
  /// A subscriber that requests every value and hands each, and the completion, to a closure.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    @unchecked Sendable
  {
    /// Called with each value.
    public let receiveValue: (Input) -> Void
    /// Called once with the completion.
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    /// Where the sink is in its life, one of the `SinkPhase` values. An atomic in the object itself, rather
    /// than a locked status in an allocation of its own, makes subscribing and cancelling cheaper.
    @usableFromInline let phase = Atomic<Int>(SinkPhase.awaiting)
    /// The subscription, while `phase` is `subscribed`. Written only by the thread that moved `phase`
    /// to `subscribing`, and taken only by the thread that moved it from `subscribed` to `terminal`;
    /// the atomic's ordering publishes it between them, so it needs no exclusivity check.
    @exclusivity(unchecked) @usableFromInline var subscription: (any Subscription)?

    /// Creates a sink that calls `receiveCompletion` and `receiveValue`.
    @inlinable
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
      guard
        phase.compareExchange(
          expected: SinkPhase.awaiting, desired: SinkPhase.subscribing, ordering: .acquiring
        ).exchanged
      else {
        subscription.cancel()
        return
      }
      self.subscription = subscription
      phase.store(SinkPhase.subscribed, ordering: .releasing)
      subscription.request(.unlimited)
    }

    /// Hands `value` to ``receiveValue``.
    @inlinable @inline(__always)
    public func receive(_ value: Input) -> Subscribers.Demand {
      receiveValue(value)
      return .none
    }

    /// Hands `completion` to ``receiveCompletion`` and lets the subscription go.
    public func receive(completion: Subscribers.Completion<Failure>) {
      _ = terminate()
      receiveCompletion(completion)
    }

    /// Cancels the subscription; nothing more is received.
    public func cancel() {
      terminate()?.cancel()
    }

    /// Ends the sink's life; returns the subscription it held, to cancel, if this call ended it.
    private func terminate() -> (any Subscription)? {
      var current = phase.load(ordering: .acquiring)
      while true {
        switch current {
        case SinkPhase.terminal:
          return nil
        case SinkPhase.subscribing:
          // Another thread is storing the subscription; it finishes within a few instructions.
          sched_yield()
          current = phase.load(ordering: .acquiring)
          continue
        default:
          break
        }
        let (exchanged, original) = phase.compareExchange(
          expected: current, desired: SinkPhase.terminal, ordering: .acquiringAndReleasing)
        guard exchanged else {
          current = original
          continue
        }
        guard current == SinkPhase.subscribed else { return nil }
        return subscription.take()
      }
    }
  }
}

/// The phases of a ``Subscribers/Sink``.
@usableFromInline
enum SinkPhase {
  @inlinable static var awaiting: Int { 0 }
  /// Storing the subscription; a few instructions long.
  @inlinable static var subscribing: Int { 1 }
  @inlinable static var subscribed: Int { 2 }
  @inlinable static var terminal: Int { 3 }
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
