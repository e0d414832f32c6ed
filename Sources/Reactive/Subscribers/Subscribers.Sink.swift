import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Subscribers {
  /// A subscriber that requests every value and hands each, and the completion, to a closure.
  ///
  /// Once ``cancel()`` has returned, the value closure does not start again, whichever thread sends:
  /// a cancel on another thread than the one calling the closure waits for that call to return (a
  /// cancel from inside the closure, on its own thread, does not wait). So a closure must not wait
  /// for a thread that is cancelling its own sink. After the completion, a
  /// failure or cancellation, the sink lets its closures go (a closure that is running is let go
  /// when it returns), so that what they capture is released even while the sink's cancellable is
  /// still held. Events after the end are ignored; a second subscription is cancelled. A value or a
  /// completion that arrives before any subscription (a sink fed by hand) reaches the closures, as
  /// with Combine's sink; a sink cancelled before any subscription ignores them.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  {
    /// The closures, `nil` once let go. Written at init and by ``releaseClosures()``, which runs only
    /// once the sink has ended, when no call through them is under way or can begin and no getter is
    /// copying one. (Assigning `nil` to them needs no type metadata, even in code that is not
    /// specialised, such as a `cancel()` reached through `AnyCancellable`.)
    @usableFromInline @exclusivity(unchecked) var valueBody: ((Input) -> Void)?
    @usableFromInline @exclusivity(unchecked) var completionBody: ((Subscribers.Completion<Failure>) -> Void)?

    /// The value closure again, in a ``SinkValueBox`` (retained), made on the first value that comes
    /// through ``receive(_:)``; `nil` before and once let go. Touched only inside a value call, which
    /// no other overlaps, by ``releaseClosures()`` and by deinit.
    @usableFromInline @exclusivity(unchecked) var valueBox: Unmanaged<AnyObject>?

    /// ``SinkPhase`` bits. An atomic in the object itself, rather than a locked status in an
    /// allocation of its own, makes subscribing and cancelling cheaper.
    @usableFromInline let phase = Atomic<Int>(SinkPhase.awaiting)
    /// How many getters are copying a closure; letting the closures go waits for none.
    @usableFromInline let readers = Atomic<Int>(0)
    /// The thread that began the value call under way (stored before the phase says `inCall`), so
    /// that a cancel from inside that call does not wait for it to return.
    @usableFromInline let caller = Atomic<UInt>(0)
    /// What cancels on other threads wait on for the value call under way; made by the first.
    @usableFromInline let callEnded = AtomicLazyReference<SinkCallGate>()
    /// Whether a value call from a subject's conduit (``receiveDelivered(_:)``) is under way. Only
    /// the delivering thread writes it; another thread reads it only after the conduit's cancel has
    /// waited for that delivery to end, so relaxed plain stores suffice.
    @usableFromInline let delivering = Atomic<Bool>(false)
    /// The subscription, while the phase is `subscribed`. Written only by the thread that moved the
    /// phase to `subscribing`, and taken only by the thread that moved it from `subscribed` to
    /// `terminal`; the atomic's ordering publishes it between them.
    @exclusivity(unchecked) @usableFromInline var subscription: (any Subscription)?

    /// Creates a sink that calls `receiveCompletion` and `receiveValue`.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      valueBody = receiveValue
      completionBody = receiveCompletion
    }

    deinit {
      valueBox?.release()
    }

    /// The closure called with each value; one that does nothing once the sink has ended.
    public var receiveValue: (Input) -> Void {
      readingClosures { valueBody } ?? { _ in }
    }

    /// The closure called with the completion; one that does nothing once the sink has ended.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      readingClosures { completionBody } ?? { _ in }
    }

    /// "Sink".
    public var description: String { "Sink" }

    /// No children, as in Combine.
    public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

    /// The description.
    public var playgroundDescription: Any { description }

    /// Keeps the subscription and requests unlimited values; cancels it if the sink already has one
    /// or has ended.
    public func receive(subscription: any Subscription) {
      // A value fed by hand may be in the closure (`inCall`, and cancels waiting for it): those bits
      // are kept as the stage moves on.
      var current = phase.load(ordering: .relaxed)
      while current & SinkPhase.stage == SinkPhase.awaiting {
        let (exchanged, original) = phase.compareExchange(
          expected: current, desired: current | SinkPhase.subscribing, ordering: .acquiring)
        if exchanged {
          self.subscription = subscription
          // `subscribing` + 1 is `subscribed`; the bits above the stage are left as they are.
          phase.wrappingAdd(1, ordering: .releasing)
          subscription.request(.unlimited)
          return
        }
        current = original
      }
      subscription.cancel()
      // A sink cancelled before it was ever subscribed kept its closures until now, unless a value
      // call under way lets them go when it returns.
      if current == SinkPhase.terminal { releaseClosures() }
    }

    /// Hands `value` to the value closure, unless the sink has ended. A value that arrives before any
    /// subscription (a sink fed by hand) is handed on too, as Combine's sink does.
    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
      let current = phase.load(ordering: .acquiring)
      if current & SinkPhase.inCall != 0 {
        // A call further up this thread's stack (calls from other threads never overlap with it).
        if current & SinkPhase.stage != SinkPhase.terminal { callValueClosure(value) }
        return .none
      }
      // `awaiting` (0) or `subscribed` (2), with no other bit.
      guard current & ~SinkPhase.subscribed == 0 else { return .none }
      // Before the phase says a call is under way, so that a cancel that sees the call sees whose.
      caller.store(currentThreadIdentifier(), ordering: .relaxed)
      guard
        phase.compareExchange(
          expected: current, desired: current | SinkPhase.inCall, ordering: .acquiringAndReleasing
        ).exchanged
      else { return .none }
      callValueClosure(value)
      endValueCall()
      return .none
    }

    /// Hands `value` to the value closure, unless the sink has ended: the path of a value from a
    /// subject, whose conduit calls the sink one value at a time and whose cancel from another
    /// thread waits for the call under way (``SinkConduit``). That keeps the promise of ``cancel()``
    /// without an atomic read-modify-write per value (the `PassthroughSubject -> sink` row of
    /// `make bench`).
    @inlinable
    func receiveDelivered(_ value: Input) -> Subscribers.Demand {
      guard phase.load(ordering: .acquiring) & SinkPhase.stage == SinkPhase.subscribed else {
        return .none
      }
      // A send from inside the closure delivers to this sink again, recursively.
      let outer = delivering.load(ordering: .relaxed)
      delivering.store(true, ordering: .relaxed)
      callValueClosure(value)
      delivering.store(outer, ordering: .relaxed)
      // Ended from inside the closure: the closures were left for this call to let go.
      if !outer, phase.load(ordering: .acquiring) & SinkPhase.stage == SinkPhase.terminal {
        releaseClosures()
      }
      return .none
    }

    /// Ends a value call: wakes the cancels waiting for it, and lets the closures go if the sink
    /// ended meanwhile.
    @inlinable @inline(__always)
    func endValueCall() {
      let before = phase.bitwiseAnd(SinkPhase.stage, ordering: .acquiringAndReleasing).oldValue
      if before >= SinkPhase.waiter { wakeWaiters(before / SinkPhase.waiter) }
      if before & SinkPhase.stage == SinkPhase.terminal { releaseClosures() }
    }

    /// Wakes `count` cancels waiting for the value call that just returned.
    @usableFromInline
    func wakeWaiters(_ count: Int) {
      let gate = callEnded.load().unsafelyUnwrapped
      for _ in 0..<count { gate.open() }
    }

    /// Calls the value closure through its box, made the first time. Call inside a value call.
    @inlinable @inline(__always)
    func callValueClosure(_ value: Input) {
      if valueBox == nil { valueBox = .passRetained(SinkValueBox(valueBody!)) }
      valueBox.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: SinkValueBox<Input>.self).body(value)
      }
    }

    /// Hands `completion` to the completion closure, once, then lets the closures go.
    public func receive(completion: Subscribers.Completion<Failure>) {
      var before = 0
      guard terminate(from: &before) else { return }
      completionBody!(completion)
      if before & SinkPhase.inCall == 0, !delivering.load(ordering: .relaxed) { releaseClosures() }
    }

    /// Cancels the subscription; nothing more is received. If another thread is calling the value
    /// closure, waits for that call to return (unless this thread is the one calling it, further up
    /// its stack): once this returns, the closure is not running on another thread and starts no
    /// more.
    public func cancel() {
      // Cancelled before it was ever subscribed, the sink keeps its closures until the subscription
      // arrives (`receive(subscription:)` lets them go).
      var before = 0
      // Called on the returned value, which is then dropped: no copy of the existential.
      terminateTakingSubscription(from: &before)?.cancel()
      waitForValueCallOnAnotherThread()
      guard before & SinkPhase.stage == SinkPhase.subscribed else { return }
      if before & SinkPhase.inCall == 0, !delivering.load(ordering: .relaxed) { releaseClosures() }
    }

    /// Once the sink has ended: if a value call is under way on another thread, waits for it to
    /// return. No call begins after the end, so the call waited for is the last.
    private func waitForValueCallOnAnotherThread() {
      var current = phase.load(ordering: .acquiring)
      guard current & SinkPhase.inCall != 0,
        caller.load(ordering: .relaxed) != currentThreadIdentifier()
      else { return }
      let gate = callEnded.load() ?? callEnded.storeIfNil(SinkCallGate())
      while current & SinkPhase.inCall != 0 {
        let (exchanged, original) = phase.compareExchange(
          expected: current, desired: current + SinkPhase.waiter, ordering: .acquiringAndReleasing)
        if exchanged {
          gate.wait()
          return
        }
        current = original
      }
    }

    /// What `read` returns from the closures, or `nil` once the sink has ended.
    private func readingClosures<T>(_ read: () -> T?) -> T? {
      readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
      defer { readers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
      guard phase.load(ordering: .sequentiallyConsistent) & SinkPhase.stage != SinkPhase.terminal else {
        return nil
      }
      return read()
    }

    /// Ends the sink's life, dropping the subscription without cancelling it (the stream ended);
    /// returns false if it had already ended. `before` is set to the phase it ended from.
    private func terminate(from before: inout Int) -> Bool {
      let subscription = terminateTakingSubscription(from: &before)
      withExtendedLifetime(subscription) {}
      return before & SinkPhase.stage != SinkPhase.terminal
    }

    /// Ends the sink's life; returns the subscription it held, if it was subscribed. `before` is set
    /// to the phase it ended from (`terminal` if it had already ended).
    private func terminateTakingSubscription(from before: inout Int) -> (any Subscription)? {
      var current = phase.load(ordering: .acquiring)
      while true {
        switch current & SinkPhase.stage {
        case SinkPhase.terminal:
          before = current
          return nil
        case SinkPhase.subscribing:
          // Another thread is storing the subscription; it finishes within a few instructions.
          sched_yield()
          current = phase.load(ordering: .acquiring)
          continue
        default:
          break
        }
        let (exchanged, original) = phase.compareExchange(
          expected: current, desired: SinkPhase.terminal | (current & ~SinkPhase.stage),
          ordering: .sequentiallyConsistent)
        guard exchanged else {
          current = original
          continue
        }
        before = current
        return current & SinkPhase.stage == SinkPhase.subscribed ? subscription.take() : nil
      }
    }

    /// Lets the closures go, once a getter copying one has finished. Call once the sink has ended and
    /// no call through the closures is under way.
    @usableFromInline
    func releaseClosures() {
      while readers.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
      valueBody = nil
      completionBody = nil
      let box = valueBox
      valueBox = nil
      box?.release()
    }
  }
}

extension Publisher {
  /// Attaches a sink that calls `receiveCompletion` once at the end and `receiveValue` for each value.
  ///
  /// The subscription lives until the returned cancellable is cancelled or deinitialized.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink that calls `receiveValue` for each value.
  ///
  /// The subscription lives until the returned cancellable is cancelled or deinitialized.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
