extension Publisher {
  /// Passes on the first `maxLength` values, then finishes, cancelling upstream.
  ///
  /// The stream finishes as soon as the last value allowed has been passed on.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    precondition(maxLength >= 0, "prefix needs a length of zero or more")
    return output(in: 0..<maxLength)
  }

  /// Passes on only the value at `index` (counting from zero), then finishes.
  @inlinable
  public func output(at index: Int) -> Publishers.Output<Self> {
    precondition(index >= 0 && index < .max, "output(at:) needs an index from zero to Int.max - 1")
    return output(in: index..<(index + 1))
  }

  /// Passes on the values whose positions (counting from zero) are in `range`, then finishes.
  @inlinable
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// A publisher that passes on the values of its upstream at positions in a range.
  ///
  /// Values before the range do not use up downstream demand: upstream is asked for one more each.
  /// After the last position in the range the stream finishes and upstream is cancelled; an empty range
  /// finishes on the first value.
  public struct Output<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are selected.
    public let upstream: Upstream
    /// The positions passed on, counting from zero.
    public let range: CountableRange<Int>

    /// Creates a publisher passing on `upstream`'s values at positions in `range`.
    @inlinable
    public init(upstream: Upstream, range: CountableRange<Int>) {
      precondition(range.lowerBound >= 0, "the range must not start below zero")
      self.upstream = upstream
      self.range = range
    }

    /// Attaches `subscriber` behind the selection.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Publishers.OutputInner(downstream: subscriber, range: range))
    }
  }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publishers {
  /// The subscriber and subscription ``Output`` puts between its upstream and downstream.
  ///
  /// As Combine's (OpenCombine's `OutputTests` at commit 1b8a26b), the positions count every value
  /// the upstream sends, whatever the phase: a value in the range reaches the downstream even before
  /// the subscription, after a completion or after a cancel, and returns the downstream's demand; a
  /// value before the range asks upstream for one more. Only the subscribed phase passes a
  /// completion on, passes requests upstream, and ends the stream when the range is used up. It
  /// keeps its downstream until it is released itself. `receive(_:)` calls are serialized by the
  /// upstream, so the position needs no lock.
  @usableFromInline
  final class OutputInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let range: CountableRange<Int>
    /// The position of the next value; written only by `receive(_:)`.
    @usableFromInline var position = 0
    @usableFromInline let phase: LockedState<SubscriptionStatus>

    @inlinable
    init(downstream: Downstream, range: CountableRange<Int>) {
      self.downstream = downstream
      self.range = range
      phase = .make(.awaiting)
    }

    @usableFromInline var description: String { "Output" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable
    func receive(subscription: any Subscription) {
      let accepted = phase.withLock { $0.accept(subscription) }
      guard accepted else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      if position < range.lowerBound {
        position += 1
        return .max(1)
      }
      guard position < range.upperBound else {
        finishIfSubscribed()
        return .none
      }
      position += 1
      let demand = downstream.receive(input)
      if position == range.upperBound { finishIfSubscribed() }
      return demand
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      guard phase.withLock({ $0.endIfSubscribed() }) != nil else { return }
      downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      guard demand != .none, let upstream = phase.withLock({ $0.subscription }) else { return }
      upstream.request(demand)
    }

    @inlinable
    func cancel() {
      phase.withLock { $0.terminate() }?.cancel()
    }

    /// Ends the stream once the range is used up: cancels upstream, then finishes the downstream,
    /// if the subscription is live.
    @inlinable
    func finishIfSubscribed() {
      guard let upstream = phase.withLock({ $0.endIfSubscribed() }) else { return }
      upstream.cancel()
      downstream.receive(completion: .finished)
    }
  }
}
