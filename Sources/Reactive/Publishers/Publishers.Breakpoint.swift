#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Publisher {
  /// Stops in the debugger when one of the closures returns `true` for an event passing through, by
  /// raising `SIGTRAP` as Combine does; without a debugger attached, that ends the process.
  ///
  /// Each closure sees its event before the downstream does; the events themselves are not changed.
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion)
  }

  /// Stops in the debugger when the upstream fails, by raising `SIGTRAP`; without a debugger attached,
  /// that ends the process.
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

extension Publishers {
  /// A publisher that raises `SIGTRAP` when one of its closures returns `true` for an event.
  ///
  /// As Combine's, it keeps no state: the downstream gets the upstream's own subscription, and
  /// every event is checked and passed on, even after a completion. Its subscriber describes itself
  /// as `Breakpoint`.
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// The publisher observed.
    public let upstream: Upstream
    /// Decides whether a subscription stops the process.
    public let receiveSubscription: ((any Subscription) -> Bool)?
    /// Decides whether a value stops the process.
    public let receiveOutput: ((Upstream.Output) -> Bool)?
    /// Decides whether a completion stops the process.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Creates a publisher checking `upstream`'s events with the given closures.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    /// Attaches `subscriber` through the checks.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, breakpoint: self))
    }

    private struct Inner<Downstream: Subscriber>: Subscriber, CombineReflecting
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let downstream: Downstream
      let receiveSubscription: ((any Subscription) -> Bool)?
      let receiveOutput: ((Upstream.Output) -> Bool)?
      let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?
      let combineIdentifier = CombineIdentifier()

      init(downstream: Downstream, breakpoint: Breakpoint) {
        self.downstream = downstream
        receiveSubscription = breakpoint.receiveSubscription
        receiveOutput = breakpoint.receiveOutput
        receiveCompletion = breakpoint.receiveCompletion
      }

      var combineName: String { "Breakpoint" }

      func receive(subscription: any Subscription) {
        if receiveSubscription?(subscription) == true { raise(SIGTRAP) }
        downstream.receive(subscription: subscription)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        if receiveOutput?(input) == true { raise(SIGTRAP) }
        return downstream.receive(input)
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        if receiveCompletion?(completion) == true { raise(SIGTRAP) }
        downstream.receive(completion: completion)
      }
    }
  }
}
