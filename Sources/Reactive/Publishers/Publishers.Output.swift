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
      var position = 0
      let range = range
      upstream.receive(
        subscriber:
          Publishers.OutputInner<Upstream.Output, Upstream.Failure, S>(
            downstream: subscriber,
            step: { input in
              defer { position += 1 }
              if position < range.lowerBound { return .skip }
              guard position < range.upperBound else { return .finish }
              return position == range.upperBound - 1 ? .sendAndFinish(input) : .send(input)
            },
            mapFailure: { $0 }))
    }
  }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publishers {
  /// The subscriber ``Output`` puts between its upstream and downstream. It lives outside the generic
  /// publisher type so that its type does not repeat the upstream's, and the optimizer specializes it.
  @usableFromInline
  final class OutputInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: TransformingInner<
    Input, UpstreamFailure, Downstream
  >, @unchecked Sendable
  {
    @usableFromInline override var description: String { "Output" }
  }
}
