extension Publisher {
  /// Leaves out every value and passes on only the completion.
  ///
  /// The downstream is given the upstream's subscription, which is then asked for every value; the
  /// downstream's own requests reach the upstream too, as in Combine.
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher of its upstream's completion alone.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// No value is ever published.
    public typealias Output = Never
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher whose completion is passed on.
    public let upstream: Upstream

    /// Creates a publisher of `upstream`'s completion.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber`, which receives the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
      upstream.receive(subscriber: IgnoreOutputInner<Upstream.Output, S>(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

/// The subscriber ``Publishers/IgnoreOutput`` puts upstream. As Combine's, it keeps no state (OpenCombine's
/// `IgnoreOutputTests` at 1b8a26b): it hands the upstream's own subscription to the downstream, then
/// asks it for everything; the downstream's requests and cancels reach the upstream as they are; values
/// are dropped, and every completion is passed on. A second subscription is handed over and asked for
/// everything in the same way. It holds the downstream for as long as the upstream holds it.
private struct IgnoreOutputInner<Input, Downstream: Subscriber>: Subscriber, CombineReflecting
where Downstream.Input == Never {
  typealias Failure = Downstream.Failure

  let downstream: Downstream
  let combineIdentifier = CombineIdentifier()

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  var combineName: String { "IgnoreOutput" }

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}
