import Synchronization

extension Publisher where Output: Equatable {
  /// Drops each value equal to the value received just before it.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Drops each value for which `predicate(previous, value)` is true, where `previous` is the value
  /// received just before it (dropped or not).
  @inlinable
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops consecutive duplicates, comparing each value with the last one received.
  ///
  /// A dropped value does not use up downstream demand: the operator asks upstream for one more.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are dropped.
    public let upstream: Upstream
    /// Whether two consecutive values count as duplicates.
    public let predicate: (Output, Output) -> Bool

    /// Creates a publisher dropping `upstream`'s consecutive values for which `predicate` holds.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` behind the duplicate check.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: RemoveDuplicatesInner(downstream: subscriber, predicate: predicate))
    }
  }
}

extension Publishers {
  /// The subscriber and subscription that ``RemoveDuplicates`` puts between its upstream and
  /// downstream. It lives outside the generic publisher type so that its type does not repeat the
  /// upstream's: the optimizer refuses to specialize through types that look like they grow without
  /// end.
  ///
  /// As in Combine, the downstream gets this object as its subscription. It takes one upstream
  /// subscription (a second is cancelled), ignores what arrives after the completion or a cancel,
  /// passes no request or cancel on after either, and keeps the downstream and the predicate until it
  /// is released, as Combine's does. It holds the last value; `receive` calls are serialized by the
  /// upstream.
  @usableFromInline
  final class RemoveDuplicatesInner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
    @unchecked Sendable
  {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// The downstream and the predicate, kept until this subscriber is released, as Combine's are
    /// (OpenCombine's `RemoveDuplicatesTests.testRemoveDuplicatesLifecycle`).
    @usableFromInline let downstream: Downstream
    @usableFromInline let predicate: (Output, Output) -> Bool
    @usableFromInline let status = LockedState.make(SubscriptionStatus.awaiting)
    /// ``awaiting`` until the subscription, ``subscribed`` until the completion or a cancel, then
    /// ``ended``: a value, completion or request while awaiting traps, as Combine's does (OpenCombine's
    /// `testRemoveDuplicatesReceiveValueBeforeSubscription`, `…CompletionBeforeSubscription`,
    /// `…RequestBeforeSubscription`), and what
    /// arrives once ended is ignored. One atomic load per value.
    @usableFromInline let phase = Atomic<UInt8>(0)
    @usableFromInline static var awaiting: UInt8 { 0 }
    @usableFromInline static var subscribed: UInt8 { 1 }
    @usableFromInline static var ended: UInt8 { 2 }
    @exclusivity(unchecked) @usableFromInline var last: Output?

    @inlinable
    init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
      self.downstream = downstream
      self.predicate = predicate
    }

    @usableFromInline var combineName: String { "RemoveDuplicates" }

    /// As Combine's: the downstream (while held) and the last value.
    @usableFromInline var reflectedChildren: [Mirror.Child] {
      [("downstream", downstream as Any), ("last", last as Any)]
    }

    @inlinable
    func receive(subscription: any Subscription) {
      guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      _ = phase.compareExchange(
        expected: Self.awaiting, desired: Self.subscribed, ordering: .acquiringAndReleasing)
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Output) -> Subscribers.Demand {
      let current = phase.load(ordering: .acquiring)
      guard current == Self.subscribed else {
        precondition(current != Self.awaiting, "\(combineName) received a value before its subscription")
        return .none
      }
      if let last, predicate(last, input) {
        self.last = input
        return .max(1)
      }
      last = input
      return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      _ = status.withLock { $0.terminate() }
      let before = phase.exchange(Self.ended, ordering: .acquiringAndReleasing)
      precondition(before != Self.awaiting, "\(combineName) received a completion before its subscription")
      guard before == Self.subscribed else { return }
      downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      precondition(
        phase.load(ordering: .acquiring) != Self.awaiting,
        "\(combineName) received a request before its subscription")
      status.withLock { $0.subscription }?.request(demand)
    }

    @inlinable
    func cancel() {
      phase.store(Self.ended, ordering: .releasing)
      let upstream = status.withLock { $0.terminate() }
      upstream?.cancel()
    }
  }
}
