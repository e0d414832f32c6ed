extension Publisher {
  /// Passes values and `.finished` on, and stops the process with a fatal error if the upstream
  /// fails: for a stream that must not fail, turning its failure type into `Never`.
  ///
  /// The message is the error, after `prefix` and `": "` when `prefix` is not empty, reported at
  /// `file` and `line` (the call's own, unless given).
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// A publisher that stops the process with a fatal error if its upstream fails.
  ///
  /// As Combine's, it keeps no state: the downstream gets the upstream's own subscription, and
  /// everything else the upstream sends is passed on, even after a completion. Its subscriber
  /// describes itself as `AssertNoFailure`, with the children `file`, `line` and `prefix`.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// It never fails: a failure stops the process.
    public typealias Failure = Never

    /// The publisher observed.
    public let upstream: Upstream
    /// What starts the fatal error's message.
    public let prefix: String
    /// The file the fatal error is reported at.
    public let file: StaticString
    /// The line the fatal error is reported at.
    public let line: UInt

    /// Creates a publisher that stops the process if `upstream` fails.
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    /// Attaches `subscriber` through the assertion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.receive(subscriber: Inner(downstream: subscriber, prefix: prefix, file: file, line: line))
    }

    private struct Inner<Downstream: Subscriber>: Subscriber, CombineReflecting
    where Downstream.Input == Output, Downstream.Failure == Never {
      typealias Failure = Upstream.Failure

      let downstream: Downstream
      let prefix: String
      let file: StaticString
      let line: UInt
      let combineIdentifier = CombineIdentifier()

      var combineName: String { "AssertNoFailure" }

      var reflectedChildren: [Mirror.Child] {
        [("file", file), ("line", line), ("prefix", prefix)]
      }

      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        downstream.receive(input)
      }

      func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        switch completion {
        case .finished:
          downstream.receive(completion: .finished)
        case .failure(let error):
          fatalError(prefix.isEmpty ? "\(error)" : "\(prefix): \(error)", file: file, line: line)
        }
      }
    }
  }
}
