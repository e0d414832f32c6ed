extension Publisher {
  /// Drops each value for which `predicate(previous, value)` returns true, where `previous` is the value
  /// received just before it (dropped or not); a thrown error cancels upstream and fails the stream.
  @inlinable
  public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryRemoveDuplicates<Self>
  {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops consecutive duplicates, told apart by a throwing predicate.
  ///
  /// A dropped value does not use up downstream demand: the operator asks upstream for one more.
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The values are the upstream's.
    public typealias Output = Upstream.Output
    /// Fails with the upstream's failure or the error thrown.
    public typealias Failure = any Error

    /// The publisher whose duplicates are dropped.
    public let upstream: Upstream
    /// Whether two consecutive values count as duplicates.
    public let predicate: (Output, Output) throws -> Bool

    /// Creates a publisher dropping `upstream`'s consecutive values for which `predicate` holds.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` behind the duplicate check.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      let previous = Publishers.PreviousValue<Output>()
      upstream.receive(
        subscriber:
          Publishers.TryRemoveDuplicatesInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber, previous: previous,
            step: { input in
              defer { previous.value = input }
              guard let last = previous.value else { return .send(input) }
              do { return try predicate(last, input) ? .skip : .send(input) } catch { return .fail(error) }
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers {
  /// The value a ``TryRemoveDuplicates`` compared the last with, shared by its step and its inner
  /// subscriber's mirror. Written only by the step, which the upstream serializes.
  @usableFromInline
  final class PreviousValue<Value>: @unchecked Sendable {
    @usableFromInline var value: Value?

    @inlinable
    init() {}
  }

  /// The subscriber ``TryRemoveDuplicates`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class TryRemoveDuplicatesInner<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    TransformingInner<
      Input, UpstreamFailure, Downstream
    >, @unchecked Sendable
  {
    /// The last value, for the mirror.
    @usableFromInline let previous: PreviousValue<Input>

    @inlinable
    init(
      downstream: Downstream, previous: PreviousValue<Input>, step: @escaping (Input) -> Step,
      mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
      self.previous = previous
      super.init(downstream: downstream, step: step, mapFailure: mapFailure)
    }

    @usableFromInline override var description: String { "TryRemoveDuplicates" }
    @usableFromInline override var trapsEventsBeforeSubscription: Bool { true }

    /// As Combine's (OpenCombine's testTryRemoveDuplicatesReflection at 1b8a26b): the downstream and
    /// the last value.
    @usableFromInline override var customMirror: Mirror {
      Mirror(self, children: [("downstream", downstream as Any), ("last", previous.value as Any)])
    }
  }
}
