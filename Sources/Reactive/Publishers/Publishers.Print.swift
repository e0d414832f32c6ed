extension Publisher {
  /// Writes a line for every event passing through, to `stream` or, without one, to standard output:
  /// for debugging a pipeline.
  ///
  /// The lines are Combine's: `receive subscription: (…)`, `request unlimited`, `request max: (n)`,
  /// `receive value: (…)`, `receive finished`, `receive error: (…)` and `receive cancel`; a demand
  /// returned for a value is marked `(synchronous)`. A non-empty `prefix` starts each line, followed by
  /// `": "`.
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self>
  {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// A publisher that writes a line for every event passing through it.
  ///
  /// As Combine's, it changes nothing: everything the upstream sends is passed on, even after its
  /// completion, and every request and cancel is written, though after a cancel nothing more reaches
  /// the upstream. Lines are written one at a time, so events on several threads do not interleave
  /// within a line.
  public struct Print<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails when the upstream fails.
    public typealias Failure = Upstream.Failure

    /// What starts each line, before `": "`; nothing when empty.
    public let prefix: String
    /// The publisher observed.
    public let upstream: Upstream
    /// Where the lines go; standard output when `nil`.
    public let stream: (any TextOutputStream)?

    /// Creates a publisher writing `upstream`'s events to `stream`, each line after `prefix`.
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    /// Attaches `subscriber` through the printer.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, prefix: prefix, stream: stream))
    }

    /// Writes the lines and passes everything on; the downstream gets this object as its subscription.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflecting,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let downstream: Downstream
      private let prefix: String
      private let stream: LockedState<(any TextOutputStream)?>
      private let upstream = LockedState.make(SubscriptionStatus.awaiting)

      init(downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
        self.downstream = downstream
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = .make(stream)
      }

      var combineName: String { "Print" }

      func receive(subscription: any Subscription) {
        write("receive subscription: (\(subscription))")
        // Every subscription is written, and one after the first, or after a cancel, is cancelled,
        // as Combine's (OpenCombine's `PrintTests.testReceiveSubscriptionTwice`).
        guard upstream.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
        downstream.receive(subscription: self)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        write("receive value: (\(input))")
        let demand = downstream.receive(input)
        if demand != .none { write(Self.describe(demand) + " (synchronous)") }
        return demand
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: write("receive finished")
        case .failure(let error): write("receive error: (\(error))")
        }
        downstream.receive(completion: completion)
      }

      func request(_ demand: Subscribers.Demand) {
        write(Self.describe(demand))
        upstream.withLock { $0.subscription }?.request(demand)
      }

      func cancel() {
        write("receive cancel")
        // A cancel before the subscription changes nothing: the subscription that comes later is
        // handed over as the first would be (OpenCombine's `PrintTests.testPrintCancelBeforeSubscription`).
        upstream.withLock { status -> (any Subscription)? in
          guard let subscription = status.subscription else { return nil }
          status = .terminal
          return subscription
        }?.cancel()
      }

      private static func describe(_ demand: Subscribers.Demand) -> String {
        guard let max = demand.max else { return "request unlimited" }
        return "request max: (\(max))"
      }

      /// Writes a line as Combine does, with `Swift.print`: to a stream, the three writes `print`
      /// makes of one item (the empty separator, the text, the newline), which a stream handling each
      /// write sees.
      private func write(_ text: String) {
        let line = prefix + text
        stream.withLock { stream in
          if stream == nil {
            Swift.print(line)
          } else {
            stream!.write("")
            stream!.write(line)
            stream!.write("\n")
          }
        }
      }
    }
  }
}
