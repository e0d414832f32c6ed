/// The events an operator owes its downstream, in the order it decided them, and which thread is
/// delivering them.
///
/// Operators with several sources of events (merge, flatMap, combineLatest, zip, switchToLatest, delay)
/// decide what to send under their lock, append it here in the same critical section, and deliver it
/// outside the lock. One thread delivers at a time: the one whose ``claim()`` succeeded, which keeps
/// calling ``next()`` until it returns `nil`. Events appended meanwhile, by other threads or from inside
/// the downstream's own `receive`, are delivered by that thread, in order; so the downstream never sees
/// overlapping or nested calls, a completion never overtakes a value decided before it, and no thread
/// waits for another.
@usableFromInline
struct DeliveryQueue<Value, Failure: Error> {
  /// One thing to deliver.
  @usableFromInline
  enum Event {
    case value(Value)
    case completion(Subscribers.Completion<Failure>)
  }

  /// Delivered slots are set to `nil` at once, so that a delivered value is released without waiting
  /// for the queue to empty; the array is compacted once more than half of it is spent.
  @usableFromInline var events: [Event?] = []
  @usableFromInline var head = 0
  @usableFromInline var delivering = false

  /// Whether nothing is waiting.
  @inlinable
  var isEmpty: Bool { head == events.count }

  /// Queues a value.
  @inlinable
  mutating func append(_ value: Value) {
    events.append(.value(value))
  }

  /// Queues a completion.
  @inlinable
  mutating func append(completion: Subscribers.Completion<Failure>) {
    events.append(.completion(completion))
  }

  /// Adds an event as it is.
  @inlinable
  mutating func append(event: Event) {
    events.append(event)
  }

  /// Makes the calling thread the one that delivers: true when something is waiting and no other thread
  /// is delivering.
  @inlinable
  mutating func claim() -> Bool {
    guard !delivering, !isEmpty else { return false }
    delivering = true
    return true
  }

  /// The next event for the thread that claimed delivery, or `nil` when none is left, which ends the
  /// claim.
  @inlinable
  mutating func next() -> Event? {
    guard head < events.count else {
      events.removeAll(keepingCapacity: events.count <= 64)
      head = 0
      delivering = false
      return nil
    }
    let event = events[head].take()
    head += 1
    if head >= 32, head * 2 >= events.count {
      events.removeSubrange(0..<head)
      head = 0
    }
    return event
  }

  /// Drops everything still waiting (on cancel). A thread delivering keeps its claim until its next
  /// call to ``next()``.
  @inlinable
  mutating func removeAll() {
    events.removeAll()
    head = 0
  }
}
