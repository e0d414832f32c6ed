extension Publisher {
  /// Leaves out the first `count` values.
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that leaves out the first values of its upstream.
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are left out.
    public let upstream: Upstream
    /// How many values are left out.
    public let count: Int

    /// Creates a publisher leaving out `upstream`'s first `count` values.
    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "dropFirst needs a count of zero or more")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` behind the values left out.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: DropInner(downstream: subscriber, count: count))
    }
  }

  /// The subscriber that ``Drop`` puts between its upstream and downstream. Dropped values do not use
  /// up downstream demand: it asks upstream for one more each. `receive(_:)` calls are serialized by the
  /// upstream, so the count left needs no lock.
  final class DropInner<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let remaining: SerializedSlot<Int>

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      remaining = SerializedSlot(count)
    }

    deinit {
      remaining.free()
    }

    var description: String { "Drop" }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      if remaining.value > 0 {
        remaining.value -= 1
        return .max(1)
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
