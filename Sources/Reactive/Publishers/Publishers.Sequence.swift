extension Sequence {
  /// A publisher of this sequence's elements, one per unit of demand, then `.finished`.
  @inlinable
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}

extension Publishers {
  /// A publisher that delivers the elements of a sequence as they are requested, then finishes.
  ///
  /// An empty sequence finishes upon subscription. Otherwise the elements go out as demand allows, on
  /// the thread that requests them; the stream finishes right after the last one. A request made from
  /// inside the subscriber's `receive` adds to the demand being served instead of recursing.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The sequence's elements.
    public typealias Output = Elements.Element

    /// The elements published.
    public let sequence: Elements

    /// Creates a publisher of `sequence`'s elements.
    @inlinable
    public init(sequence: Elements) {
      self.sequence = sequence
    }

    /// Attaches `subscriber`; each subscriber iterates the sequence anew.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, sequence: sequence)
      if inner.isExhausted {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      } else {
        subscriber.receive(subscription: inner)
      }
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Publishers.Sequence {
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == Elements.Element, Downstream.Failure == Failure {
    @usableFromInline
    struct State {
      @usableFromInline var sequence: Elements?
      @usableFromInline var downstream: Downstream?
      @usableFromInline var iterator: Elements.Iterator
      /// The element to deliver next, taken from the iterator ahead of time to know when to finish.
      @usableFromInline var next: Elements.Element?
      @usableFromInline var demand = Subscribers.Demand.none
      /// Whether a thread is delivering; a request meanwhile only adds demand.
      @usableFromInline var delivering = false

      @inlinable
      init(sequence: Elements, downstream: Downstream, iterator: Elements.Iterator, next: Elements.Element?) {
        self.sequence = sequence
        self.downstream = downstream
        self.iterator = iterator
        self.next = next
      }

      /// The next element to deliver, while there is demand, and whether it is the last one (the stream
      /// then ends and lets everything go); `nil` ends the delivering thread's turn.
      @inlinable
      mutating func take() -> (Downstream, Elements.Element, isLast: Bool)? {
        guard let downstream, demand > 0, let element = next else {
          delivering = false
          return nil
        }
        demand -= 1
        next = iterator.next()
        let isLast = next == nil
        if isLast {
          self.downstream = nil
          sequence = nil
          delivering = false
        }
        return (downstream, element, isLast)
      }
    }

    @usableFromInline let state: LockedState<State>

    @inlinable
    init(downstream: Downstream, sequence: Elements) {
      var iterator = sequence.makeIterator()
      let next = iterator.next()
      state = .make(State(sequence: sequence, downstream: downstream, iterator: iterator, next: next))
    }

    @inlinable
    var isExhausted: Bool { state.withLock { $0.next == nil } }

    /// The sequence, as Combine describes this subscription, until it is done.
    @inlinable
    var description: String {
      state.withLock { $0.sequence }.map { String(describing: $0) } ?? "Sequence"
    }

    /// Combine's one child: the sequence itself, and an empty array of its elements once the
    /// subscription is done.
    @inlinable
    var customMirror: Mirror {
      let sequence: Any = state.withLock { $0.sequence }.map { $0 as Any } ?? [Elements.Element]()
      return Mirror(self, children: ["sequence": sequence])
    }

    @inlinable
    var playgroundDescription: Any { description }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let claimed = state.withLock { state -> Bool in
        guard state.downstream != nil else { return false }
        state.demand += demand
        guard !state.delivering else { return false }
        state.delivering = true
        return true
      }
      guard claimed else { return }
      while let (downstream, element, isLast) = state.withLock({ state in state.take() }) {
        let more = downstream.receive(element)
        if isLast {
          downstream.receive(completion: .finished)
          return
        }
        if more != .none { state.withLock { $0.demand += more } }
      }
    }

    @inlinable
    func cancel() {
      state.withLock { state in
        state.downstream = nil
        state.sequence = nil
      }
    }
  }
}
